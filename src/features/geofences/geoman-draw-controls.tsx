import { Button, Group, Stack, Text } from '@mantine/core';
import type { Layer, Map as LeafletMap, PM } from 'leaflet';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';
import { useConfirmation } from '@/components/confirm-dialog';
import { useTouchScreen } from '@/lib/use-touch-screen';
import { draftStyle } from './geofence-edit-layer';
import type { ShapeDraft } from './geofence-shape';
import { shapeOfLayer } from './leaflet-shapes';
import { DEFAULT_GEOFENCE_COLOR } from './map-geofence';

/** The contract's three shapes, as geoman names its draw modes. */
type DrawTool = 'Polygon' | 'Rectangle' | 'Circle';

const TOOLS: readonly { tool: DrawTool; label: string; name: string }[] = [
  { tool: 'Polygon', label: 'Polygon', name: 'Draw polygon' },
  { tool: 'Rectangle', label: 'Rectangle', name: 'Draw rectangle' },
  { tool: 'Circle', label: 'Circle', name: 'Draw circle' },
];

/** "Click" with a mouse, "Tap" where the main pointer is a finger. */
type PointerVerb = 'Click' | 'Tap';

/** geoman's prompts beside the pointer, in sentence case and with the pointer's own verb. */
function drawingTexts(verb: PointerVerb): PM.Translations {
  return {
    actions: { finish: 'Finish', cancel: 'Cancel', removeLastVertex: 'Remove last point' },
    tooltips: {
      firstVertex: `${verb} to place the first corner`,
      continueLine: `${verb} to place the next corner`,
      finishPoly: `${verb} the first corner to finish`,
      finishRect: `${verb} to place the opposite corner`,
      startCircle: `${verb} to place the centre`,
      finishCircle: `${verb} to set the radius`,
    },
  };
}

/**
 * What to do next, under the buttons above the map: one short line, so the bar (and the map under
 * it) keeps its height as the drawing goes on. Worded apart from geoman's prompts on the map.
 */
function drawingStep(
  drawing: { tool: DrawTool; placed: number } | null,
  disabled: boolean,
  verb: PointerVerb,
): string {
  const lower = verb.toLowerCase();
  if (!drawing) {
    return disabled
      ? 'Save or close what is open in the panel to draw another.'
      : `Choose a shape, then ${lower} the map to draw it.`;
  }
  const { tool, placed } = drawing;
  if (tool === 'Rectangle') {
    return placed === 0
      ? `${verb} the map at one corner of the rectangle.`
      : `Now ${lower} the opposite corner.`;
  }
  if (tool === 'Circle') {
    return placed === 0
      ? `${verb} the map at the circle’s centre.`
      : `Now ${lower} where its edge goes.`;
  }
  if (placed === 0) return `${verb} the map where the outline starts.`;
  if (placed < 3) return `${placed} ${placed === 1 ? 'corner' : 'corners'}; at least 3 needed.`;
  return `${placed} corners. Finish, or ${lower} the first corner.`;
}

/** The polygon tool's own finish and undo, which geoman's action buttons call. */
interface PolygonDrawActions {
  _finishShape: () => void;
  _removeLastVertex: () => void;
}

function polygonDrawActions(map: LeafletMap): PolygonDrawActions {
  return map.pm.Draw.Polygon as unknown as PolygonDrawActions;
}

/**
 * The draw tools for the three contract shapes, as buttons in `toolbarTarget` outside the map:
 * geoman's own toolbar and its Finish / Remove last point / Cancel strip lay over the map, where
 * a corner tapped near the edge hit them instead. A finished drawing is handed over as a shape and
 * its geoman layer removed: the edit layer takes it from there.
 */
export function GeomanDrawControls({
  disabled,
  onDrawn,
  startDrawing = null,
  toolbarTarget,
}: {
  disabled: boolean;
  onDrawn: (shape: ShapeDraft) => void;
  /** A new key starts drawing a polygon (the rectangle and circle tools stay a click away). */
  startDrawing?: string | null;
  /** Where the buttons go: an element beside the map, not on it. */
  toolbarTarget: HTMLElement | null;
}) {
  const map = useMap();
  const verb: PointerVerb = useTouchScreen() ? 'Tap' : 'Click';
  const reportDrawn = useEffectEvent((shape: ShapeDraft) => onDrawn(shape));
  /** The tool drawing now and how many corners (or the centre) it has placed. */
  const [drawing, setDrawing] = useState<{ tool: DrawTool; placed: number } | null>(null);
  const { confirm, confirmationDialog } = useConfirmation();
  const toolbarRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    map.pm.setLang('en', drawingTexts(verb), 'en');
  }, [map, verb]);

  useEffect(() => {
    map.pm.setGlobalOptions({
      snappable: false,
      allowSelfIntersection: true,
      continueDrawing: false,
      // A new geofence's form starts with the default colour: the drawing already shows it.
      pathOptions: draftStyle(DEFAULT_GEOFENCE_COLOR),
      templineStyle: { color: DEFAULT_GEOFENCE_COLOR },
      hintlineStyle: { color: DEFAULT_GEOFENCE_COLOR, dashArray: '5 5' },
    });

    const handleCreate: PM.CreateEventHandler = ({ layer }) => {
      const shape = shapeOfLayer(layer);
      layer.remove();
      if (shape) reportDrawn(shape);
    };
    const countPlaced = (change: number) =>
      setDrawing((current) => current && { ...current, placed: current.placed + change });
    const addOne = () => countPlaced(1);
    const removeOne = () => countPlaced(-1);
    let workingLayer: Layer | null = null;
    const handleDrawStart: PM.DrawStartEventHandler = (event) => {
      const tool = TOOLS.find((entry) => entry.tool === event.shape)?.tool;
      if (!tool) return;
      setDrawing({ tool, placed: 0 });
      workingLayer = event.workingLayer;
      workingLayer.on('pm:vertexadded pm:centerplaced', addOne);
      workingLayer.on('pm:vertexremoved', removeOne);
      // The rectangle tells nothing when its first corner is placed: its first click does that.
      if (tool === 'Rectangle') map.once('click', addOne);
    };
    const handleDrawEnd = () => {
      workingLayer?.off('pm:vertexadded pm:centerplaced', addOne);
      workingLayer?.off('pm:vertexremoved', removeOne);
      workingLayer = null;
      map.off('click', addOne);
      setDrawing(null);
    };
    map.on('pm:create', handleCreate);
    map.on('pm:drawstart', handleDrawStart);
    map.on('pm:drawend', handleDrawEnd);
    return () => {
      map.off('pm:create', handleCreate);
      map.off('pm:drawstart', handleDrawStart);
      map.off('pm:drawend', handleDrawEnd);
      map.pm.disableDraw();
      handleDrawEnd();
    };
  }, [map]);

  useEffect(() => {
    if (disabled) map.pm.disableDraw();
  }, [map, disabled]);

  const drawingAllowed = useEffectEvent(() => !disabled);
  useEffect(() => {
    if (startDrawing !== null && drawingAllowed()) map.pm.enableDraw('Polygon');
  }, [map, startDrawing]);

  // The button that was pressed leaves as the bar changes: focus stays in the bar, not lost.
  const activeTool = drawing?.tool ?? null;
  const shownTool = useRef(activeTool);
  useEffect(() => {
    // Only when the bar changed: on the page's first render focus stays where the page put it.
    if (shownTool.current === activeTool) return;
    shownTool.current = activeTool;
    const toolbar = toolbarRef.current;
    if (!toolbar || document.activeElement !== document.body) return;
    toolbar.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [activeTool]);

  const removeLastPoint = () => {
    if (!drawing) return;
    // geoman ends the drawing when its only corner goes; start again instead, as the user expects.
    if (drawing.placed <= 1) {
      map.pm.disableDraw();
      map.pm.enableDraw(drawing.tool);
      return;
    }
    polygonDrawActions(map)._removeLastVertex();
  };

  const cancel = async () => {
    if (!drawing) return;
    if (drawing.placed > 0) {
      const confirmed = await confirm({
        title: 'Discard this outline?',
        message:
          drawing.tool === 'Polygon'
            ? `The ${drawing.placed} ${drawing.placed === 1 ? 'corner' : 'corners'} placed so far will be lost.`
            : 'What has been placed so far will be lost.',
        confirmLabel: 'Discard outline',
        danger: true,
      });
      if (!confirmed) return;
    }
    map.pm.disableDraw();
  };

  const toolbar = (
    <Stack
      ref={toolbarRef}
      gap={4}
      role="group"
      aria-label={drawing ? 'Drawing an outline' : 'Draw a new geofence'}
    >
      <Group gap="xs" wrap="wrap">
        {drawing ? (
          <>
            {drawing.tool === 'Polygon' && (
              <>
                <Button
                  size="xs"
                  className="touch-target"
                  disabled={drawing.placed < 3}
                  onClick={() => polygonDrawActions(map)._finishShape()}
                >
                  Finish
                </Button>
                <Button
                  size="xs"
                  className="touch-target"
                  variant="default"
                  disabled={drawing.placed === 0}
                  onClick={removeLastPoint}
                >
                  Remove last point
                </Button>
              </>
            )}
            <Button
              size="xs"
              className="touch-target"
              variant="default"
              onClick={() => void cancel()}
            >
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" fw={500} aria-hidden="true">
              Draw:
            </Text>
            {TOOLS.map(({ tool, label, name }) => (
              <Button
                key={tool}
                size="xs"
                className="touch-target"
                variant="default"
                aria-label={name}
                disabled={disabled}
                onClick={() => map.pm.enableDraw(tool)}
              >
                {label}
              </Button>
            ))}
          </>
        )}
      </Group>
      <Text size="xs" c="dimmed" role="status">
        {drawingStep(drawing, disabled, verb)}
      </Text>
    </Stack>
  );

  return (
    <>
      {toolbarTarget && createPortal(toolbar, toolbarTarget)}
      {confirmationDialog}
    </>
  );
}
