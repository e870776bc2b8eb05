import type { PM } from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useMap } from 'react-leaflet';
import { draftStyle } from './geofence-edit-layer';
import type { ShapeDraft } from './geofence-shape';
import { shapeOfLayer } from './leaflet-shapes';
import { DEFAULT_GEOFENCE_COLOR } from './map-geofence';

const DRAW_BUTTONS = ['drawPolygon', 'drawRectangle', 'drawCircle'] as const;

/** Sentence-case names for geoman's English texts; they also become the buttons' labels. */
const texts: PM.Translations = {
  buttonTitles: {
    drawPolyButton: 'Draw polygon',
    drawRectButton: 'Draw rectangle',
    drawCircleButton: 'Draw circle',
  },
  actions: { finish: 'Finish', cancel: 'Cancel', removeLastVertex: 'Remove last point' },
  tooltips: {
    firstVertex: 'Click to place the first corner',
    continueLine: 'Click to place the next corner',
    finishPoly: 'Click the first corner to finish',
    finishRect: 'Click to place the opposite corner',
    startCircle: 'Click to place the centre',
    finishCircle: 'Click to set the radius',
  },
};

/**
 * geoman names its toolbar buttons only with a `title` on a wrapper, which assistive technology
 * does not read as the link's name; copy it onto the link itself.
 */
function labelToolbarButtons(container: HTMLElement) {
  for (const wrapper of container.querySelectorAll<HTMLElement>(
    '.leaflet-pm-toolbar .button-container',
  )) {
    const title = wrapper.getAttribute('title');
    const link = wrapper.querySelector('a.leaflet-buttons-control-button');
    if (title && link) link.setAttribute('aria-label', title);
  }
}

/**
 * geoman's draw toolbar with the three contract shapes only. A finished drawing is handed over as
 * a shape and its geoman layer removed: the edit layer takes it from there.
 */
export function GeomanDrawControls({
  disabled,
  onDrawn,
  startDrawing = null,
}: {
  disabled: boolean;
  onDrawn: (shape: ShapeDraft) => void;
  /** A new key starts drawing a polygon (the rectangle and circle tools stay a click away). */
  startDrawing?: string | null;
}) {
  const map = useMap();
  const reportDrawn = useEffectEvent((shape: ShapeDraft) => onDrawn(shape));

  useEffect(() => {
    map.pm.setLang('en', texts, 'en');
    map.pm.setGlobalOptions({
      snappable: false,
      allowSelfIntersection: true,
      continueDrawing: false,
      // A new geofence's form starts with the default colour: the drawing already shows it.
      pathOptions: draftStyle(DEFAULT_GEOFENCE_COLOR),
      templineStyle: { color: DEFAULT_GEOFENCE_COLOR },
      hintlineStyle: { color: DEFAULT_GEOFENCE_COLOR, dashArray: '5 5' },
    });
    map.pm.addControls({
      position: 'topleft',
      drawPolygon: true,
      drawRectangle: true,
      drawCircle: true,
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawText: false,
      editMode: false,
      dragMode: false,
      cutPolygon: false,
      removalMode: false,
      rotateMode: false,
    });
    labelToolbarButtons(map.getContainer());

    const handleCreate: PM.CreateEventHandler = ({ layer }) => {
      const shape = shapeOfLayer(layer);
      layer.remove();
      if (shape) reportDrawn(shape);
    };
    map.on('pm:create', handleCreate);
    return () => {
      map.off('pm:create', handleCreate);
      map.pm.disableDraw();
      map.pm.removeControls();
    };
  }, [map]);

  useEffect(() => {
    if (disabled) map.pm.disableDraw();
    for (const name of DRAW_BUTTONS) map.pm.Toolbar.setButtonDisabled(name, disabled);
  }, [map, disabled]);

  const drawingAllowed = useEffectEvent(() => !disabled);
  useEffect(() => {
    if (startDrawing !== null && drawingAllowed()) map.pm.enableDraw('Polygon');
  }, [map, startDrawing]);

  return null;
}
