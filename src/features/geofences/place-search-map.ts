import { useReducedMotion } from '@mantine/hooks';
import L from 'leaflet';
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { Place } from '@/api/places';
import { fitMapView } from '@/components/map/fit-map-view';
import { shapeBounds, type ShapeDraft } from './geofence-shape';
import { layerForShape } from './leaflet-shapes';
import { panelInsets } from './map-panel-insets';
import { outlineAroundPlace, PLACE_OUTLINE_DEFAULTS } from './place-outline';

const FIT_MARGIN = 24;
const PREVIEW_COLOR = '#1C7ED6';

/** The map's size in pixels, kept as the map is resized. */
export function useMapSize(map: L.Map): L.Point {
  const [mapSize, setMapSize] = useState(() => map.getSize());
  useEffect(() => {
    const update = () => setMapSize(map.getSize());
    map.on('resize', update);
    return () => {
      map.off('resize', update);
    };
  }, [map]);
  return mapSize;
}

/** True where the panel spans most of the map's width (a phone). */
export function panelSpansMostOfMap(map: L.Map, panel: HTMLElement | null): boolean {
  const panelBox = panel?.getBoundingClientRect();
  const mapBox = map.getContainer().getBoundingClientRect();
  return !!panelBox && panelBox.width > 0 && panelBox.right - mapBox.left > mapBox.width * 0.6;
}

/** The place and the outline it would get, dashed, while the search is open. */
export function usePlacePreview(
  map: L.Map,
  place: Place | null,
  outline: ShapeDraft | null,
  shown: boolean,
) {
  useEffect(() => {
    if (!shown || !place) return;
    const ignoredByGeoman = { interactive: false, pmIgnore: true, snapIgnore: true } as const;
    const layers: L.Layer[] = [
      L.circleMarker([place.latitude, place.longitude], {
        ...ignoredByGeoman,
        radius: 6,
        color: '#FFFFFF',
        weight: 2,
        fillColor: PREVIEW_COLOR,
        fillOpacity: 1,
      }),
    ];
    if (outline) {
      layers.unshift(
        layerForShape(outline, {
          ...ignoredByGeoman,
          color: PREVIEW_COLOR,
          fillColor: PREVIEW_COLOR,
          fillOpacity: 0.08,
          weight: 2,
          dashArray: '6 6',
        }),
      );
    }
    const group = L.layerGroup(layers, { pmIgnore: true }).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, shown, place, outline]);
}

/**
 * A chosen place comes into view beside the search panel and clear of the page's own panel, each
 * time `viewRequest` is bumped. The outline is read then: a change of the outline alone does not
 * move the map.
 */
export function useBringPlaceIntoView({
  map,
  place,
  outline,
  viewRequest,
  panelRef,
  pagePanelRef,
}: {
  map: L.Map;
  place: Place | null;
  outline: ShapeDraft | null;
  viewRequest: number;
  panelRef: RefObject<HTMLElement | null>;
  pagePanelRef: RefObject<HTMLElement | null>;
}) {
  const reduceMotion = useReducedMotion();
  const readOutline = useEffectEvent(() => outline);
  useEffect(() => {
    if (viewRequest === 0 || !place) return;
    const shownOutline = readOutline();
    const bounds = shownOutline
      ? shapeBounds(shownOutline)
      : shapeBounds(outlineAroundPlace(place, 'circle', PLACE_OUTLINE_DEFAULTS.circle));
    const mapBox = map.getContainer().getBoundingClientRect();
    const panel = panelRef.current;
    const panelBox = panel?.getBoundingClientRect();
    let paddingTopLeft: L.PointTuple = [64, FIT_MARGIN];
    if (panelBox && panelBox.width > 0) {
      // Beside the panel on a wide map; below it when it spans most of a phone's map.
      paddingTopLeft = panelSpansMostOfMap(map, panel)
        ? [FIT_MARGIN, panelBox.bottom - mapBox.top + FIT_MARGIN]
        : [panelBox.right - mapBox.left + FIT_MARGIN, FIT_MARGIN];
    }
    const insets = panelInsets(map, pagePanelRef.current);
    fitMapView(map, bounds, {
      paddingTopLeft,
      paddingBottomRight: [insets.right + FIT_MARGIN, insets.bottom + FIT_MARGIN],
      maxZoom: 17,
      fly: !reduceMotion,
      duration: 0.6,
    });
  }, [map, viewRequest, place, panelRef, pagePanelRef, reduceMotion]);
}
