import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Layer, Map as LeafletMap, PM } from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';
import { ChangeButton } from '@/components/change-control';
import { useConfirmation } from '@/components/confirm-dialog';
import { useTouchScreen } from '@/lib/use-touch-screen';
import { draftStyle } from './geofence-edit-layer';
import type { ShapeDraft } from './geofence-shape';
import { shapeOfLayer } from './leaflet-shapes';
import { DEFAULT_GEOFENCE_COLOR } from './map-geofence';

/** The contract's three shapes, as geoman names its draw modes. */
type DrawTool = 'Polygon' | 'Rectangle' | 'Circle';

const TOOLS: readonly { tool: DrawTool; label: MessageDescriptor; name: MessageDescriptor }[] = [
  { tool: 'Polygon', label: msg`Polygon`, name: msg`Draw polygon` },
  { tool: 'Rectangle', label: msg`Rectangle`, name: msg`Draw rectangle` },
  { tool: 'Circle', label: msg`Circle`, name: msg`Draw circle` },
];

/** "Click" with a mouse, "Tap" where the main pointer is a finger. */
type PointerVerb = 'Click' | 'Tap';

/**
 * geoman's prompts beside the pointer, in sentence case and with the pointer's own verb. Whole
 * sentences per verb: languages place and inflect the verb differently. `_locale`: the language
 * they are worded in (by `t`), so a new one words them again.
 */
function drawingTexts(verb: PointerVerb, _locale: string): PM.Translations {
  const tap = verb === 'Tap';
  return {
    actions: { finish: t`Finish`, cancel: t`Cancel`, removeLastVertex: t`Remove last point` },
    tooltips: {
      firstVertex: tap ? t`Tap to place the first corner` : t`Click to place the first corner`,
      continueLine: tap ? t`Tap to place the next corner` : t`Click to place the next corner`,
      finishPoly: tap ? t`Tap the first corner to finish` : t`Click the first corner to finish`,
      finishRect: tap ? t`Tap to place the opposite corner` : t`Click to place the opposite corner`,
      startCircle: tap ? t`Tap to place the centre` : t`Click to place the centre`,
      finishCircle: tap ? t`Tap to set the radius` : t`Click to set the radius`,
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
  const tap = verb === 'Tap';
  if (!drawing) {
    if (disabled) return t`Save or close what is open in the panel to draw another.`;
    return tap
      ? t`Choose a shape, then tap the map to draw it.`
      : t`Choose a shape, then click the map to draw it.`;
  }
  const { tool, placed } = drawing;
  if (tool === 'Rectangle') {
    if (placed === 0) {
      return tap
        ? t`Tap the map at one corner of the rectangle.`
        : t`Click the map at one corner of the rectangle.`;
    }
    return tap ? t`Now tap the opposite corner.` : t`Now click the opposite corner.`;
  }
  if (tool === 'Circle') {
    if (placed === 0) {
      return tap
        ? t`Tap the map at the circle’s centre.`
        : t`Click the map at the circle’s centre.`;
    }
    return tap ? t`Now tap where its edge goes.` : t`Now click where its edge goes.`;
  }
  if (placed === 0) {
    return tap
      ? t`Tap the map where the outline starts.`
      : t`Click the map where the outline starts.`;
  }
  if (placed < 3) {
    return plural(placed, {
      one: '# corner; at least 3 needed.',
      other: '# corners; at least 3 needed.',
    });
  }
  return tap
    ? t`${placed} corners. Finish, or tap the first corner.`
    : t`${placed} corners. Finish, or click the first corner.`;
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
  const { t: translate, i18n } = useLingui();
  const map = useMap();
  const verb: PointerVerb = useTouchScreen() ? 'Tap' : 'Click';
  const reportDrawn = useEffectEvent((shape: ShapeDraft) => onDrawn(shape));
  /** The tool drawing now and how many corners (or the centre) it has placed. */
  const [drawing, setDrawing] = useState<{ tool: DrawTool; placed: number } | null>(null);
  const { confirm, confirmationDialog } = useConfirmation();
  const toolbarRef = useRef<HTMLDivElement>(null);

  // The prompts in the chosen language, worded again when it changes (`i18n.locale`).
  const { locale } = i18n;
  const texts = useMemo(() => drawingTexts(verb, locale), [verb, locale]);
  useEffect(() => {
    map.pm.setLang('en', texts, 'en');
  }, [map, texts]);

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
    const { placed } = drawing;
    if (placed > 0) {
      const confirmed = await confirm({
        title: translate`Discard this outline?`,
        message:
          drawing.tool === 'Polygon'
            ? plural(placed, {
                one: 'The # corner placed so far will be lost.',
                other: 'The # corners placed so far will be lost.',
              })
            : translate`What has been placed so far will be lost.`,
        confirmLabel: translate`Discard outline`,
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
      aria-label={drawing ? translate`Drawing an outline` : translate`Draw a new geofence`}
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
                  <Trans>Finish</Trans>
                </Button>
                <Button
                  size="xs"
                  className="touch-target"
                  variant="default"
                  disabled={drawing.placed === 0}
                  onClick={removeLastPoint}
                >
                  <Trans>Remove last point</Trans>
                </Button>
              </>
            )}
            <Button
              size="xs"
              className="touch-target"
              variant="default"
              onClick={() => void cancel()}
            >
              <Trans>Cancel</Trans>
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" fw={500} aria-hidden="true">
              <Trans>Draw:</Trans>
            </Text>
            {TOOLS.map(({ tool, label, name }) => (
              <ChangeButton
                key={tool}
                size="xs"
                className="touch-target"
                variant="default"
                aria-label={i18n._(name)}
                disabled={disabled}
                onClick={() => map.pm.enableDraw(tool)}
              >
                {i18n._(label)}
              </ChangeButton>
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
