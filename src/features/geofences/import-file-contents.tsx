import { Stack, Text } from '@mantine/core';
import type { ImportProblem } from './geofence-geojson';
import type {
  OversizedCandidate,
  PackedCandidate,
  SimplifiedImport,
} from './geofence-import-session';
import type { ReadFile } from './geofence-import-state';
import { describeShape } from './geofence-shape';
import { count, plural } from './import-counts';
import { ImportList } from './import-list';
import { ImportRefusalsAlert } from './import-refusals-alert';
import { unpackShape } from './packed-shape';
import { SimplifyOffer } from './simplify-offer';

/** "Polygon · 1,234 corners (simplified from 100,000)". */
function describeCandidate(candidate: PackedCandidate): string {
  if (candidate.shape.kind !== 'polygon') return describeShape(unpackShape(candidate.shape));
  const simplified = candidate.simplifiedFrom
    ? ` (simplified from ${count(candidate.simplifiedFrom)})`
    : '';
  return `Polygon · ${plural(candidate.cornerCount, 'corner', 'corners')}${simplified}`;
}

/** What a checked file holds: the geofences ready, the outlines to simplify, what was refused. */
export function ImportFileContents({
  read,
  candidates,
  oversized,
  problems,
  simplified,
  retrying,
  tolerance,
  onToleranceChange,
  simplifying,
  onSimplify,
  busy,
}: {
  read: ReadFile;
  candidates: readonly PackedCandidate[];
  oversized: readonly OversizedCandidate[];
  problems: readonly ImportProblem[];
  simplified: SimplifiedImport | null;
  /** Only what failed before is left to import: nothing is offered to simplify. */
  retrying: boolean;
  tolerance: number | string;
  onToleranceChange: (value: number | string) => void;
  simplifying: boolean;
  onSimplify: () => void;
  busy: boolean;
}) {
  const ready = candidates.length;
  // KML calls its features placemarks.
  const features =
    read.format === 'geojson'
      ? { one: 'feature', many: 'features' }
      : { one: 'placemark', many: 'placemarks' };
  return (
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
      {read.oversized.length > 0 && !retrying && (
        <SimplifyOffer
          oversized={oversized}
          simplified={simplified}
          tolerance={tolerance}
          onToleranceChange={onToleranceChange}
          simplifying={simplifying}
          onSimplify={onSimplify}
          disabled={busy}
        />
      )}
      {problems.length > 0 && (
        <ImportRefusalsAlert
          color="orange"
          title="Refused features"
          refusals={problems.map(({ label, message }) => ({ name: label, message }))}
        />
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
  );
}
