import { Alert, Button, FileInput, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError } from '@/api/api-error';
import { useCreateGeofencesOneByOneMutation } from '@/api/geofences';
import { GroupPicker } from '@/components/group-picker';
import {
  GEOJSON_IMPORT_MAX_BYTES,
  parseGeofenceGeoJson,
  type ImportCandidate,
  type ImportProblem,
} from './geofence-geojson';
import { importedGeofenceRequest } from './geofence-form';
import { describeShape } from './geofence-shape';

interface ReadFile {
  fileName: string;
  featureCount: number;
  candidates: ImportCandidate[];
  problems: ImportProblem[];
}

/**
 * Import from GeoJSON: read and check the file in the browser, preview what it would create on
 * the map (through `onPreview`), name every refused feature, then create the valid ones.
 */
export function GeofenceImportPanel({
  onPreview,
  onClose,
}: {
  onPreview: (candidates: readonly ImportCandidate[] | null) => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ReadFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [done, setDone] = useState(0);
  const [failures, setFailures] = useState<{ name: string; message: string }[]>([]);
  const createAll = useCreateGeofencesOneByOneMutation();

  const showRead = (next: ReadFile | null) => {
    setRead(next);
    onPreview(next && next.candidates.length > 0 ? next.candidates : null);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    setFailures([]);
    showRead(null);
    if (!chosen) return;
    if (chosen.size > GEOJSON_IMPORT_MAX_BYTES) {
      setFileError(
        `The file is ${(chosen.size / 1024 / 1024).toFixed(1)} MB; files up to ${GEOJSON_IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported.`,
      );
      return;
    }
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      setFileError('The file could not be read.');
      return;
    }
    const parsed = parseGeofenceGeoJson(text);
    if (!parsed.ok) {
      setFileError(parsed.message);
      return;
    }
    showRead({ fileName: chosen.name, ...parsed });
  };

  const importValid = () => {
    if (!read || read.candidates.length === 0) return;
    const candidates = read.candidates;
    setDone(0);
    setFailures([]);
    createAll.mutate(
      {
        bodies: candidates.map((candidate) => importedGeofenceRequest(candidate, groupId)),
        onProgress: setDone,
      },
      {
        onSuccess: ({ created, failures: failed }) => {
          if (created.length > 0) {
            notifications.show({
              color: 'green',
              message: `${created.length} ${created.length === 1 ? 'geofence was' : 'geofences were'} imported.`,
            });
          }
          if (failed.length === 0) {
            onPreview(null);
            onClose();
            return;
          }
          // Keep only what still needs attention on the map and in the panel.
          const failedCandidates = failed.map(({ index }) => candidates[index]!);
          setFailures(
            failed.map(({ index, error }) => ({
              name: candidates[index]!.name,
              message: describeError(error),
            })),
          );
          showRead({ ...read, candidates: failedCandidates });
        },
      },
    );
  };

  const count = read?.candidates.length ?? 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="geofence-import-title">
      <Title order={2} size="h4" id="geofence-import-title">
        Import geofences
      </Title>
      <Text size="sm" c="dimmed">
        A GeoJSON FeatureCollection of Polygon or MultiPolygon features. Each polygon of a
        MultiPolygon becomes its own geofence; a feature without a name gets “Imported geofence N”.
        Circles exported from here come back as circles.
      </Text>
      <FileInput
        label="GeoJSON file"
        placeholder="Choose a .geojson or .json file"
        accept=".geojson,.json,application/geo+json,application/json"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
        disabled={createAll.isPending}
      />
      {fileError && (
        <Alert color="red" title="This file cannot be imported" role="alert">
          {fileError}
        </Alert>
      )}
      {read && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {read.featureCount === 0
              ? 'The file has no features.'
              : `${count} ${count === 1 ? 'geofence is' : 'geofences are'} ready to import` +
                (read.problems.length > 0
                  ? `; ${read.problems.length} ${read.problems.length === 1 ? 'feature was' : 'features were'} refused.`
                  : '.')}
          </Text>
          {read.problems.length > 0 && (
            <Alert color="orange" title="Refused features" role="alert">
              <List size="sm" spacing={4}>
                {read.problems.map((problem) => (
                  <List.Item key={`${problem.label}-${problem.message}`}>
                    {problem.label}: {problem.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {count > 0 && (
            <List size="sm" spacing={2} aria-label="Geofences to import">
              {read.candidates.map((candidate) => (
                <List.Item key={candidate.key}>
                  {candidate.name}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {describeShape(candidate.shape)}
                    {candidate.defaultName ? ' · no name in the file' : ''}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {failures.length > 0 && (
        <Alert color="red" title="Some geofences were not imported" role="alert">
          <List size="sm" spacing={4}>
            {failures.map((failure, index) => (
              <List.Item key={index}>
                {failure.name}: {failure.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <GroupPicker
        label="Group for the imported geofences"
        placeholder="Company (top group)"
        value={groupId}
        onChange={setGroupId}
        disabled={createAll.isPending}
      />
      {createAll.isPending && (
        <Progress
          value={(done / Math.max(1, count)) * 100}
          aria-label={`Imported ${done} of ${count}`}
          animated
        />
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            onPreview(null);
            onClose();
          }}
          disabled={createAll.isPending}
        >
          Close
        </Button>
        <Button onClick={importValid} disabled={count === 0} loading={createAll.isPending}>
          {count === 1 ? 'Import 1 geofence' : `Import ${count} geofences`}
        </Button>
      </Group>
    </Stack>
  );
}
