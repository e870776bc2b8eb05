import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import type { ControlPosition, LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import { useRuntime } from '@/api/runtime-context';
import classes from './base-map.module.css';

/** A transparent pixel: a tile that cannot load leaves the plain background, not a broken image. */
const BLANK_TILE_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The contiguous United States, for a map with nothing to show yet. */
const DEFAULT_CENTER: LatLngExpression = [39.5, -98.35];
const DEFAULT_ZOOM = 4;

export interface BaseMapProps {
  /** Names the map region for assistive technology, e.g. "Geofence map". */
  label: string;
  center?: LatLngExpression;
  zoom?: number;
  /** Wins over center and zoom when given. */
  bounds?: LatLngBoundsExpression;
  /** Move the attribution where the page's own overlays do not cover it. */
  attributionPosition?: ControlPosition;
  /** Layers, controls and hooks that need the map (they run inside react-leaflet's context). */
  children?: ReactNode;
}

/**
 * The console's Leaflet map: tiles and attribution from the runtime config, the canvas renderer
 * for vector layers (thousands of shapes stay smooth), and a neutral background when tiles fail.
 * Import it only from route-split pages so Leaflet never weighs on the first load.
 */
export function BaseMap({
  label,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  bounds,
  attributionPosition = 'bottomright',
  children,
}: BaseMapProps) {
  const { config } = useRuntime();
  const { t } = useLingui();
  return (
    <div role="region" aria-label={label} className={classes.frame}>
      <MapContainer
        className={classes.map}
        center={center}
        zoom={zoom}
        bounds={bounds}
        maxZoom={config.map.maxZoom}
        preferCanvas
        attributionControl={false}
        // Leaflet's own zoom buttons are named in English; these speak the chosen language.
        zoomControl={false}
      >
        <ZoomControl position="topleft" zoomInTitle={t`Zoom in`} zoomOutTitle={t`Zoom out`} />
        <AttributionControl position={attributionPosition} />
        <TileLayer
          url={config.map.tileUrl}
          // Leaflet renders attribution as HTML; the config holds plain text.
          attribution={escapeHtml(config.map.attribution)}
          maxZoom={config.map.maxZoom}
          errorTileUrl={BLANK_TILE_URL}
        />
        {children}
      </MapContainer>
    </div>
  );
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
