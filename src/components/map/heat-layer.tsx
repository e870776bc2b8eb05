// Order matters: the global Leaflet must exist before leaflet.heat evaluates.
import './leaflet-global';
import 'leaflet.heat';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export interface HeatPoint {
  latitude: number;
  longitude: number;
}

/** Blue through red; the first stops are left out so a single point still reads on the tiles. */
const HEAT_GRADIENT = {
  0.35: '#1c7ed6',
  0.55: '#22b8cf',
  0.7: '#fab005',
  0.85: '#fd7e14',
  1: '#e03131',
};

/**
 * Points as a heat layer (leaflet.heat, drawn on one canvas): where events gather, at any count.
 * Individual points cannot be selected on it.
 */
export function HeatLayer({ points }: { points: readonly HeatPoint[] }) {
  const map = useMap();
  useEffect(() => {
    const layer = L.heatLayer(
      points.map((point) => [point.latitude, point.longitude, 1]),
      { radius: 22, blur: 18, maxZoom: 12, minOpacity: 0.35, gradient: HEAT_GRADIENT },
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, points]);
  return null;
}
