import { useReducedMotion } from '@mantine/hooks';
import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import { numberFormat } from '@/lib/format';
import classes from './cluster-layer.module.css';

export interface ClusterablePoint {
  latitude: number;
  longitude: number;
}

/** What a cluster's marker says: how many points it holds, and how many of them are muted. */
export interface ClusterSummary {
  count: number;
  muted: number;
}

export interface ClusterLayerProps<Point extends ClusterablePoint> {
  points: readonly Point[];
  /** The marker of a point standing alone. */
  pointIcon: (point: Point) => L.DivIcon;
  /** What the point's marker is called for assistive technology and on hover. */
  pointTitle: (point: Point) => string;
  /** `byKeyboard` when Enter or Space chose it, so what opens can take the focus. */
  onPointClick: (point: Point, how: { byKeyboard: boolean }) => void;
  /**
   * Points a cluster counts apart (e.g. stale positions); a cluster of only these looks muted.
   * Keep it stable (e.g. declared at module level): a new function rebuilds the clusters.
   */
  isMuted?: (point: Point) => boolean;
  /** Names a cluster, e.g. "Cluster of 42 vehicles, 3 stale. Select to zoom in." */
  clusterTitle: (cluster: ClusterSummary) => string;
  /** Above this zoom every point stands alone. */
  maxClusterZoom?: number;
}

interface PointProperties {
  index: number;
  muted: number;
}

type ClusterProperties = Pick<PointProperties, 'muted'>;

/** Cluster radius in pixels: large enough that 20,000 points make a few hundred markers. */
const CLUSTER_RADIUS = 60;
/** Markers are drawn a little beyond the view, so a short pan shows them at once. */
const VIEW_PADDING = 0.25;

function clusterSize(count: number): 'small' | 'medium' | 'large' {
  if (count < 100) return 'small';
  if (count < 1000) return 'medium';
  return 'large';
}

/** "1.2K" in English, "1,2 k" in French: built per language by numberFormat. */
const ABBREVIATED: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };

/**
 * Runs `action` on a click, and on Enter or Space while the marker has the focus: Leaflet makes
 * markers focusable buttons but only opens popups bound to them from the keyboard.
 */
function onActivate(marker: L.Marker, action: (byKeyboard: boolean) => void): void {
  marker.on('click', () => action(false));
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    const { key } = event.originalEvent;
    if (key !== 'Enter' && key !== ' ') return;
    event.originalEvent.preventDefault();
    action(true);
  });
}

function clusterIcon({ count, muted }: ClusterSummary): L.DivIcon {
  const size = clusterSize(count);
  const pixels = { small: 34, medium: 42, large: 50 }[size];
  const tone = muted === count ? classes.mutedCluster : classes.liveCluster;
  return L.divIcon({
    // Only a formatted number goes into the markup. Hidden from assistive technology, so the
    // marker is named by its title ("Cluster of 1,234 vehicles…") rather than by "1.2K".
    html: `<span aria-hidden="true">${numberFormat(ABBREVIATED).format(count)}</span>`,
    className: `${classes.cluster} ${classes[size]} ${tone}`,
    iconSize: [pixels, pixels],
  });
}

/**
 * Thousands of points as clusters (supercluster), drawn for the view only and redrawn when the
 * map stops moving. Each cluster is a marker with its count; selecting one zooms in until it
 * splits. Markers are plain Leaflet markers (keyboard-focusable buttons named by their title).
 */
export function ClusterLayer<Point extends ClusterablePoint>({
  points,
  pointIcon,
  pointTitle,
  onPointClick,
  isMuted,
  clusterTitle,
  maxClusterZoom = 16,
}: ClusterLayerProps<Point>) {
  const map = useMap();
  const reduceMotion = useReducedMotion();
  // The latest callbacks, so new functions from the page do not redraw the markers.
  const iconOf = useEffectEvent((point: Point) => pointIcon(point));
  const titleOf = useEffectEvent((point: Point) => pointTitle(point));
  const clusterTitleOf = useEffectEvent((summary: ClusterSummary) => clusterTitle(summary));
  const activatePoint = useEffectEvent((point: Point, byKeyboard: boolean) =>
    onPointClick(point, { byKeyboard }),
  );
  const animateMoves = useEffectEvent(() => !reduceMotion);

  const index = useMemo(() => {
    const cluster = new Supercluster<PointProperties, ClusterProperties>({
      radius: CLUSTER_RADIUS,
      maxZoom: maxClusterZoom,
      map: (properties) => ({ muted: properties.muted }),
      reduce: (accumulated, properties) => {
        accumulated.muted += properties.muted;
      },
    });
    cluster.load(
      points.map((point, pointIndex) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
        properties: { index: pointIndex, muted: isMuted?.(point) ? 1 : 0 },
      })),
    );
    return cluster;
  }, [points, maxClusterZoom, isMuted]);

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const markers = new Map<string, L.Marker>();

    const zoomInto = (clusterId: number, latLng: L.LatLngExpression, byKeyboard: boolean) => {
      const zoom = Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom());
      // The focused cluster goes once it splits: the map keeps the focus, the next Tab finds its parts.
      if (byKeyboard) map.getContainer().focus({ preventScroll: true });
      map.setView(latLng, zoom, { animate: animateMoves() });
    };

    const redraw = () => {
      const bounds = map.getBounds().pad(VIEW_PADDING);
      const west = Math.max(-180, bounds.getWest());
      const east = Math.min(180, bounds.getEast());
      const south = Math.max(-85, bounds.getSouth());
      const north = Math.min(85, bounds.getNorth());
      const features = index.getClusters([west, south, east, north], Math.round(map.getZoom()));
      const wanted = new Set<string>();
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        const key =
          'cluster' in properties && properties.cluster
            ? `cluster:${properties.cluster_id}`
            : `point:${(properties as PointProperties).index}`;
        wanted.add(key);
        if (markers.has(key)) continue;
        let marker: L.Marker;
        if ('cluster' in properties && properties.cluster) {
          const summary = { count: properties.point_count, muted: properties.muted };
          marker = L.marker([latitude, longitude], {
            icon: clusterIcon(summary),
            title: clusterTitleOf(summary),
            riseOnHover: true,
          });
          const clusterId = properties.cluster_id;
          onActivate(marker, (byKeyboard) =>
            zoomInto(clusterId, [latitude, longitude], byKeyboard),
          );
        } else {
          const point = points[(properties as PointProperties).index];
          // The index is built from `points`; a point it does not hold is not drawn.
          if (!point) continue;
          marker = L.marker([latitude, longitude], {
            icon: iconOf(point),
            title: titleOf(point),
            riseOnHover: true,
          });
          onActivate(marker, (byKeyboard) => activatePoint(point, byKeyboard));
        }
        markers.set(key, marker);
        layer.addLayer(marker);
      }
      for (const [key, marker] of markers) {
        if (wanted.has(key)) continue;
        layer.removeLayer(marker);
        markers.delete(key);
      }
    };

    redraw();
    map.on('moveend zoomend', redraw);
    return () => {
      map.off('moveend zoomend', redraw);
      layer.remove();
    };
  }, [map, index, points]);

  return null;
}
