import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { startTransition, useEffect, useMemo, useReducer } from 'react';
import { describeError } from '@/api/api-error';
import { useCreateGeofencesOneByOneMutation } from '@/api/geofences';
import { ChangeButton } from '@/components/change-control';
import { UserText } from '@/components/user-text';
import { getLocale } from '@/i18n/locale';
import { useWorkerRequests } from '@/lib/use-worker-requests';
import { importedGeofenceRequest } from './geofence-form';
import { GEOJSON_IMPORT_MAX_BYTES } from './geofence-geojson';
import {
  checkedFileOf,
  importPanelReducer,
  INITIAL_IMPORT_STATE,
  isValidTolerance,
} from './geofence-import-state';
import type { ImportWorkerAnswer, ImportWorkerRequest } from './geofence-import.worker';
import { count } from './import-counts';
import { ImportFileContents } from './import-file-contents';
import { ImportGroupChoice, useImportGroups } from './import-group-choice';
import type { ImportPreviewOutline } from './import-preview-batches';
import { ImportRefusalsAlert } from './import-refusals-alert';
import { unpackShape } from './packed-shape';

/** The import's reading and checks run in a worker: a file of 20 MB never blocks the page. */
function startImportWorker(): Worker {
  return new Worker(new URL('./geofence-import.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Import from GeoJSON, KML or KMZ: read and check the file off the main thread, preview what it would create
 * on the map (through `onPreview`), offer to simplify outlines with too many corners, keep each
 * geofence's group from the file when this company has it, name every refused feature, then
 * create the valid ones.
 */
export function GeofenceImportPanel({
  onPreview,
  onClose,
}: {
  onPreview: (outlines: readonly ImportPreviewOutline[] | null) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [state, dispatch] = useReducer(importPanelReducer, INITIAL_IMPORT_STATE);
  const { file, stage, tolerance, groupId } = state;
  const createAll = useCreateGeofencesOneByOneMutation();

  // Answers arrive in a transition: the panel, the list and the map preview of a large file
  // render in slices between frames, not as one long task.
  const { ask, stop: stopWorker } = useWorkerRequests<ImportWorkerRequest, ImportWorkerAnswer>({
    start: startImportWorker,
    onAnswer: (answer) =>
      dispatch(
        answer.type === 'read'
          ? { type: 'file-read', result: answer.result }
          : { type: 'simplified', result: answer.result },
      ),
    // Worded here, in the page's language, even when the worker could not load its own.
    onFailure: (_message, request) =>
      dispatch({
        type: 'worker-failed',
        message:
          request.type === 'read'
            ? t`The file could not be read.`
            : t`The outlines could not be simplified.`,
      }),
    unavailableMessage: t`The file could not be checked in this browser.`,
  });

  const choose = (chosen: File | null) => {
    stopWorker();
    dispatch({ type: 'file-chosen', file: chosen });
    if (chosen && chosen.size <= GEOJSON_IMPORT_MAX_BYTES)
      ask({ type: 'read', file: chosen, locale: getLocale() });
  };

  const cancelReading = () => {
    stopWorker();
    dispatch({ type: 'reading-cancelled' });
  };

  const simplifying = stage.kind === 'checked' && stage.simplifying;
  const simplify = () => {
    if (!isValidTolerance(tolerance)) return;
    dispatch({ type: 'simplify-started' });
    ask({ type: 'simplify', toleranceMetres: tolerance, locale: getLocale() });
  };

  const checked = checkedFileOf(stage);
  const read = checked?.read ?? null;
  const simplified = checked?.simplified ?? null;
  const remaining =
    stage.kind === 'importing' || stage.kind === 'partly-imported' ? stage.remaining : null;
  const failures = stage.kind === 'partly-imported' ? stage.failures : [];
  const fileError = stage.kind === 'refused' ? stage.message : (checked?.error ?? null);
  const { candidates, oversized, preview } = useMemo(() => {
    const ready = remaining ?? [...(read?.candidates ?? []), ...(simplified?.candidates ?? [])];
    const tooLarge = remaining ? [] : (simplified?.oversized ?? read?.oversized ?? []);
    // Outlines over the limit show on the map through their light copies.
    const shown: ImportPreviewOutline[] = [
      ...ready,
      ...tooLarge.map(({ key, color, outline }) => ({ key, color, shape: outline })),
    ];
    return { candidates: ready, oversized: tooLarge, preview: shown };
  }, [remaining, read, simplified]);
  const problems = [...(read?.problems ?? []), ...(simplified?.problems ?? [])];

  useEffect(() => {
    // The map redraws in its own slices too, after the panel has shown what was read.
    startTransition(() => onPreview(preview.length > 0 ? preview : null));
  }, [onPreview, preview]);

  // Each geofence goes back to the group the file names when this company has it.
  const groups = useImportGroups(candidates, groupId);
  const { needsGroupChoice } = groups;

  const importValid = () => {
    if (candidates.length === 0 || needsGroupChoice) return;
    const sending = candidates;
    dispatch({ type: 'import-started' });
    createAll.mutate(
      {
        count: sending.length,
        bodyAt: (index) => {
          const candidate = sending[index];
          if (!candidate) throw new RangeError(`No geofence at ${index} of ${sending.length}.`);
          return importedGeofenceRequest(
            { ...candidate, shape: unpackShape(candidate.shape) },
            groups.groupFor(candidate),
          );
        },
        onProgress: (done) => dispatch({ type: 'import-progressed', done }),
      },
      {
        onSuccess: ({ created, failures: failed }) => {
          const createdCount = created.length;
          if (createdCount > 0) {
            notifications.show({
              color: 'green',
              message: plural(createdCount, {
                one: '# geofence was imported.',
                other: '# geofences were imported.',
              }),
            });
          }
          if (failed.length === 0) {
            stopWorker();
            onPreview(null);
            onClose();
            return;
          }
          const refused = failed.flatMap(({ index, error }) => {
            const candidate = sending[index];
            return candidate ? [{ candidate, error }] : [];
          });
          dispatch({
            type: 'import-partly-failed',
            remaining: refused.map(({ candidate }) => candidate),
            failures: refused.map(({ candidate, error }) => ({
              name: candidate.name,
              message: describeError(error),
            })),
          });
        },
        onError: () => dispatch({ type: 'import-stopped' }),
      },
    );
  };

  const ready = candidates.length;
  const busy = stage.kind === 'importing';
  const done = stage.kind === 'importing' ? stage.done : 0;
  const maxMegabytes = count(GEOJSON_IMPORT_MAX_BYTES / 1024 / 1024);
  const fileName = file?.name;
  return (
    <Stack gap="sm" component="section" aria-labelledby="geofence-import-title">
      <Title order={2} size="h4" id="geofence-import-title">
        <Trans>Import geofences</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          A GeoJSON FeatureCollection of Polygon or MultiPolygon features, or a KML or KMZ file (as
          Google Earth and GIS tools save them) of polygon placemarks, up to {maxMegabytes} MB (a
          KMZ’s KML too, once unpacked). Each polygon of a MultiPolygon or MultiGeometry becomes its
          own geofence; one without a name gets “Imported geofence N”. Circles exported from here
          come back as circles, in the group they were exported from when this company has it.
        </Trans>
      </Text>
      <FileInput
        label={t`GeoJSON, KML or KMZ file`}
        placeholder={t`Choose a .geojson, .kml or .kmz file`}
        accept=".geojson,.json,.kml,.kmz,application/geo+json,application/json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz"
        value={file}
        onChange={choose}
        clearable
        disabled={busy}
      />
      {stage.kind === 'reading' && (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status" style={{ flex: 1 }}>
            <Trans>
              Reading and checking “<UserText>{fileName}</UserText>”…
            </Trans>
          </Text>
          <Button variant="default" size="xs" onClick={cancelReading}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      )}
      {fileError && (
        <Alert color="red" title={t`This file cannot be imported`} role="alert">
          {fileError}
        </Alert>
      )}
      {read && (
        <ImportFileContents
          read={read}
          candidates={candidates}
          oversized={oversized}
          problems={problems}
          simplified={simplified}
          retrying={!!remaining}
          tolerance={tolerance}
          onToleranceChange={(value) => dispatch({ type: 'tolerance-changed', tolerance: value })}
          simplifying={simplifying}
          onSimplify={simplify}
          busy={busy}
        />
      )}
      {failures.length > 0 && (
        <ImportRefusalsAlert
          color="red"
          title={t`Some geofences were not imported`}
          refusals={failures}
        />
      )}
      <ImportGroupChoice
        groups={groups}
        ready={ready}
        groupId={groupId}
        onGroupChange={(chosen) => dispatch({ type: 'group-chosen', groupId: chosen })}
        disabled={busy}
      />
      {busy && (
        <Progress
          value={(done / Math.max(1, ready)) * 100}
          aria-label={t`Imported ${done} of ${ready}`}
          animated
        />
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            stopWorker();
            onPreview(null);
            onClose();
          }}
          disabled={busy}
        >
          <Trans>Close</Trans>
        </Button>
        <ChangeButton
          onClick={importValid}
          disabled={ready === 0 || needsGroupChoice || simplifying}
          loading={busy}
        >
          {plural(ready, { one: 'Import # geofence', other: 'Import # geofences' })}
        </ChangeButton>
      </Group>
    </Stack>
  );
}
