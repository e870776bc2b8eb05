import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { Box } from '@mantine/core';
import { CircleMarker, MapContainer, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import { useRuntime } from '@/api/runtime-context';

/** Shown where a tile cannot load (offline, blocked), instead of the browser's broken image. */
const TRANSPARENT_TILE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** A small map with one position; loaded lazily so Leaflet stays out of every other page. */
export function VehicleLocationMap({
  latitude,
  longitude,
  name,
  description,
}: {
  latitude: number;
  longitude: number;
  name: string;
  /** What a screen reader hears for the map, e.g. the coordinates and time. */
  description: string;
}) {
  const { config } = useRuntime();
  const { t } = useLingui();
  const position: [number, number] = [latitude, longitude];
  return (
    <Box component="figure" m={0} aria-label={description}>
      <MapContainer
        center={position}
        zoom={14}
        maxZoom={config.map.maxZoom}
        scrollWheelZoom={false}
        // Leaflet's own zoom buttons are named in English; these speak the chosen language.
        zoomControl={false}
        style={{ height: 320, borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <ZoomControl position="topleft" zoomInTitle={t`Zoom in`} zoomOutTitle={t`Zoom out`} />
        <TileLayer
          url={config.map.tileUrl}
          attribution={config.map.attribution}
          maxZoom={config.map.maxZoom}
          errorTileUrl={TRANSPARENT_TILE}
        />
        <CircleMarker
          center={position}
          radius={9}
          pathOptions={{ color: '#1c7ed6', fillColor: '#339af0', fillOpacity: 0.85, weight: 3 }}
        >
          <Tooltip permanent direction="top" offset={[0, -10]}>
            {name}
          </Tooltip>
        </CircleMarker>
      </MapContainer>
    </Box>
  );
}
