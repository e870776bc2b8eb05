import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, startTransition, useEffect, useMemo, useReducer } from 'react';
import { describeError } from '@/api/api-error';
import { useCreateGeofencesOneByOneMutation } from '@/api/geofences';
import { useGroupOptions } from '@/api/group-options';
import { GroupPicker } from '@/components/group-picker';
import { useWorkerRequests } from '@/lib/use-worker-requests';
import { GEOJSON_IMPORT_MAX_BYTES, MAX_IMPORT_CORNERS } from './geofence-geojson';
import { importedGeofenceRequest } from './geofence-form';
import type {
  OversizedCandidate,
  PackedCandidate,
  SimplifiedImport,
} from './geofence-import-session';
import {
  checkedFileOf,
  importPanelReducer,
  INITIAL_IMPORT_STATE,
  isValidTolerance,
} from './geofence-import-state';
import type { ImportWorkerAnswer, ImportWorkerRequest } from './geofence-import.worker';
import type { ImportPreviewOutline } from './import-preview-batches';
import { describeShape } from './geofence-shape';
import { ImportList } from './import-list';
import { unpackShape } from './packed-shape';
import { UserText } from '@/components/user-text';

// One formatter for every count: toLocaleString builds a new one on each call.
const countFormat = new Intl.NumberFormat('en-US');
const count = (value: number) => countFormat.format(value);
const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;

/** "Polygon · 1,234 corners (simplified from 100,000)". */
function describeCandidate(candidate: PackedCandidate): string {
  if (candidate.shape.kind !== 'polygon') return describeShape(unpackShape(candidate.shape));
  const simplified = candidate.simplifiedFrom
    ? ` (simplified from ${count(candidate.simplifiedFrom)})`
    : '';
  return `Polygon · ${plural(candidate.cornerCount, 'corner', 'corners')}${simplified}`;
}

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
  const [state, dispatch] = useReducer(importPanelReducer, INITIAL_IMPORT_STATE);
  const { file, stage, tolerance, groupId } = state;
  const createAll = useCreateGeofencesOneByOneMutation();
  const groups = useGroupOptions();

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
    onFailure: (message) => dispatch({ type: 'worker-failed', message }),
    unavailableMessage: 'The file could not be checked in this browser.',
  });

  const choose = (chosen: File | null) => {
    stopWorker();
    dispatch({ type: 'file-chosen', file: chosen });
    if (chosen && chosen.size <= GEOJSON_IMPORT_MAX_BYTES) ask({ type: 'read', file: chosen });
  };

  const cancelReading = () => {
    stopWorker();
    dispatch({ type: 'reading-cancelled' });
  };

  const simplifying = stage.kind === 'checked' && stage.simplifying;
  const simplify = () => {
    if (!isValidTolerance(tolerance)) return;
    dispatch({ type: 'simplify-started' });
    ask({ type: 'simplify', toleranceMetres: tolerance });
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
  const groupsKnown = !groups.isLoading && !groups.unavailableReason;
  const hasGroup = (candidate: PackedCandidate) =>
    !!candidate.groupId && groups.groupsById.has(candidate.groupId.toLowerCase());
  const keepingGroup = groupsKnown ? candidates.filter(hasGroup) : [];
  const unknownGroup = groupsKnown
    ? candidates.filter((candidate) => candidate.groupId && !hasGroup(candidate))
    : [];
  const unknownGroupNames = [
    ...new Set(unknownGroup.map((candidate) => candidate.groupName ?? candidate.groupId!)),
  ];
  const needsGroupChoice = unknownGroup.length > 0 && groupId === null;
  const groupFor = (candidate: PackedCandidate): string | null => {
    if (!candidate.groupId) return groupId;
    // Without the group list the service is the judge; it refuses a group it does not have.
    if (!groupsKnown) return candidate.groupId;
    return hasGroup(candidate) ? candidate.groupId : groupId;
  };
  const showGroupPicker = candidates.length === 0 || keepingGroup.length < candidates.length;

  const importValid = () => {
    if (candidates.length === 0 || needsGroupChoice) return;
    const sending = candidates;
    dispatch({ type: 'import-started' });
    createAll.mutate(
      {
        count: sending.length,
        bodyAt: (index) => {
          const candidate = sending[index]!;
          return importedGeofenceRequest(
            { ...candidate, shape: unpackShape(candidate.shape) },
            groupFor(candidate),
          );
        },
        onProgress: (done) => dispatch({ type: 'import-progressed', done }),
      },
      {
        onSuccess: ({ created, failures: failed }) => {
          if (created.length > 0) {
            notifications.show({
              color: 'green',
              message: `${plural(created.length, 'geofence was', 'geofences were')} imported.`,
            });
          }
          if (failed.length === 0) {
            stopWorker();
            onPreview(null);
            onClose();
            return;
          }
          dispatch({
            type: 'import-partly-failed',
            remaining: failed.map(({ index }) => sending[index]!),
            failures: failed.map(({ index, error }) => ({
              name: sending[index]!.name,
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
  // KML calls its features placemarks.
  const features =
    read?.format === 'geojson' || !read
      ? { one: 'feature', many: 'features' }
      : { one: 'placemark', many: 'placemarks' };
  return (
    <Stack gap="sm" component="section" aria-labelledby="geofence-import-title">
      <Title order={2} size="h4" id="geofence-import-title">
        Import geofences
      </Title>
      <Text size="sm" c="dimmed">
        A GeoJSON FeatureCollection of Polygon or MultiPolygon features, or a KML or KMZ file (as
        Google Earth and GIS tools save them) of polygon placemarks, up to{' '}
        {GEOJSON_IMPORT_MAX_BYTES / 1024 / 1024} MB (a KMZ’s KML too, once unpacked). Each polygon
        of a MultiPolygon or MultiGeometry becomes its own geofence; one without a name gets
        “Imported geofence N”. Circles exported from here come back as circles, in the group they
        were exported from when this company has it.
      </Text>
      <FileInput
        label="GeoJSON, KML or KMZ file"
        placeholder="Choose a .geojson, .kml or .kmz file"
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
            Reading and checking “<UserText>{file?.name}</UserText>”…
          </Text>
          <Button variant="default" size="xs" onClick={cancelReading}>
            Cancel
          </Button>
        </Group>
      )}
      {fileError && (
        <Alert color="red" title="This file cannot be imported" role="alert">
          {fileError}
        </Alert>
      )}
      {read && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {read.featureCount === 0
              ? `The file has no ${features.many}.`
              : `${plural(ready, 'geofence is', 'geofences are')} ready to import` +
                (oversized.length > 0
                  ? `; ${plural(oversized.length, 'outline needs', 'outlines need')} simplifying first`
                  : '') +
                (problems.length > 0
                  ? `; ${plural(problems.length, `${features.one} was`, `${features.many} were`)} refused.`
                  : '.')}
          </Text>
          {read.oversized.length > 0 && !remaining && (
            <SimplifyOffer
              oversized={oversized}
              simplified={simplified}
              tolerance={tolerance}
              onToleranceChange={(value) =>
                dispatch({ type: 'tolerance-changed', tolerance: value })
              }
              simplifying={simplifying}
              onSimplify={simplify}
              disabled={busy}
            />
          )}
          {problems.length > 0 && (
            <Alert color="orange" title="Refused features" role="alert">
              <ImportList
                items={problems}
                itemKey={(problem, index) => `${index}-${problem.label}`}
                spacing={4}
                renderItem={(problem) => (
                  <>
                    <UserText>{problem.label}</UserText>: {problem.message}
                  </>
                )}
              />
            </Alert>
          )}
          {ready > 0 && (
            <ImportList
              label="Geofences to import"
              items={candidates}
              itemKey={(candidate) => candidate.key}
              renderItem={(candidate) => (
                <>
                  {candidate.name}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {describeCandidate(candidate)}
                    {candidate.defaultName ? ' · no name in the file' : ''}
                  </Text>
                </>
              )}
            />
          )}
        </Stack>
      )}
      {failures.length > 0 && (
        <Alert color="red" title="Some geofences were not imported" role="alert">
          <ImportList
            items={failures}
            itemKey={(_failure, index) => String(index)}
            spacing={4}
            renderItem={(failure) => (
              <>
                <UserText>{failure.name}</UserText>: {failure.message}
              </>
            )}
          />
        </Alert>
      )}
      {keepingGroup.length > 0 && (
        <Text size="sm">
          {keepingGroup.length === ready
            ? 'Every geofence goes back to the group named in the file.'
            : `${plural(keepingGroup.length, 'geofence goes', 'geofences go')} back to the group named in the file.`}
        </Text>
      )}
      {unknownGroup.length > 0 && (
        <Alert color="yellow" title="Groups not found">
          The file places {plural(unknownGroup.length, 'geofence', 'geofences')} in{' '}
          {unknownGroupNames.length === 1 ? 'a group' : 'groups'} this company does not have:{' '}
          {unknownGroupNames.map((name, index) => (
            <Fragment key={name}>
              {index > 0 && ', '}“<UserText>{name}</UserText>”
            </Fragment>
          ))}
          . Choose the group for {unknownGroup.length === 1 ? 'it' : 'them'} below.
        </Alert>
      )}
      {showGroupPicker && (
        <GroupPicker
          label={
            unknownGroup.length > 0
              ? 'Group for geofences whose group is not found'
              : keepingGroup.length > 0
                ? 'Group for the other geofences'
                : 'Group for the imported geofences'
          }
          placeholder="Company (top group)"
          value={groupId}
          onChange={(chosen) => dispatch({ type: 'group-chosen', groupId: chosen })}
          disabled={busy}
          required={unknownGroup.length > 0}
          error={needsGroupChoice ? 'Choose a group to import these geofences.' : undefined}
        />
      )}
      {busy && (
        <Progress
          value={(done / Math.max(1, ready)) * 100}
          aria-label={`Imported ${done} of ${ready}`}
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
          Close
        </Button>
        <Button
          onClick={importValid}
          disabled={ready === 0 || needsGroupChoice || simplifying}
          loading={busy}
        >
          {ready === 1 ? 'Import 1 geofence' : `Import ${count(ready)} geofences`}
        </Button>
      </Group>
    </Stack>
  );
}

/** Outlines over the corner limit, and the tolerance that simplifies them before import. */
function SimplifyOffer({
  oversized,
  simplified,
  tolerance,
  onToleranceChange,
  simplifying,
  onSimplify,
  disabled,
}: {
  oversized: readonly OversizedCandidate[];
  simplified: SimplifiedImport | null;
  tolerance: number | string;
  onToleranceChange: (value: number | string) => void;
  simplifying: boolean;
  onSimplify: () => void;
  disabled: boolean;
}) {
  const validTolerance = isValidTolerance(tolerance);
  const pending = oversized.length;
  return (
    <Alert
      color={pending > 0 ? 'yellow' : 'blue'}
      title={
        pending > 0
          ? `${plural(pending, 'outline has', 'outlines have')} more than ${count(MAX_IMPORT_CORNERS)} corners`
          : `Simplified at ${count(simplified?.toleranceMetres ?? 0)} m`
      }
    >
      <Stack gap="xs">
        {pending > 0 && (
          <ImportList
            label="Outlines to simplify"
            items={oversized}
            itemKey={(candidate) => candidate.key}
            renderItem={(candidate) => (
              <>
                <UserText>{candidate.name}</UserText> ·{' '}
                {plural(candidate.cornerCount, 'corner', 'corners')}
              </>
            )}
          />
        )}
        <Text size="sm">
          The service does not publish how many corners a geofence may have; this console imports at
          most {count(MAX_IMPORT_CORNERS)}, which also keeps the map editor quick. Simplifying
          removes the corners that lie closer than the tolerance to the outline, so the shape moves
          by at most that distance.
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Tolerance (metres)"
            value={tolerance}
            onChange={onToleranceChange}
            min={0.1}
            step={1}
            decimalScale={1}
            w={160}
            error={validTolerance ? undefined : 'Enter a distance above 0 m.'}
            disabled={disabled}
          />
          <Button
            variant={pending > 0 ? 'filled' : 'default'}
            onClick={onSimplify}
            loading={simplifying}
            disabled={!validTolerance || disabled}
          >
            {pending > 0
              ? `Simplify ${plural(pending, 'outline', 'outlines')}`
              : 'Simplify again from the file'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
