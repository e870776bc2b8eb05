import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { CircleMarker, useMap } from 'react-leaflet';
import { BaseMap } from '@/components/map/base-map';

const EVENT_ZOOM = 14;

/** Loaded lazily from the event page, so Leaflet stays out of every other page's code. */
export function EventLocationMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useLingui();
  return (
    <div style={{ height: 320 }}>
      <BaseMap
        label={t`Map of the event location`}
        center={[latitude, longitude]}
        zoom={EVENT_ZOOM}
      >
        <FollowPosition latitude={latitude} longitude={longitude} />
        <CircleMarker
          center={[latitude, longitude]}
          radius={9}
          pathOptions={{ color: '#c92a2a', fillColor: '#fa5252', fillOpacity: 0.85, weight: 2 }}
        />
      </BaseMap>
    </div>
  );
}

/** Moving to the next event re-centres the same map instead of building a new one. */
function FollowPosition({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([latitude, longitude], map.getZoom(), { animate: false });
  }, [map, latitude, longitude]);
  return null;
}
