import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { ImportProblem } from './geofence-geojson';
import type {
  OversizedCandidate,
  PackedCandidate,
  SimplifiedImport,
} from './geofence-import-session';
import type { ReadFile } from './geofence-import-state';
import { describeShape } from './geofence-shape';
import { count } from './import-counts';
import { ImportList } from './import-list';
import { ImportRefusalsAlert } from './import-refusals-alert';
import { unpackShape } from './packed-shape';
import { SimplifyOffer } from './simplify-offer';

/** "Polygon · 1,234 corners (simplified from 100,000)". */
function describeCandidate(candidate: PackedCandidate): string {
  if (candidate.shape.kind !== 'polygon') return describeShape(unpackShape(candidate.shape));
  const { cornerCount } = candidate;
  if (!candidate.simplifiedFrom) {
    return plural(cornerCount, {
      one: 'Polygon · # corner',
      other: 'Polygon · # corners',
    });
  }
  const fileCorners = count(candidate.simplifiedFrom);
  return plural(cornerCount, {
    one: `Polygon · # corner (simplified from ${fileCorners})`,
    other: `Polygon · # corners (simplified from ${fileCorners})`,
  });
}

/** The summary line: what is ready, what needs simplifying, what was refused. */
function describeContents(
  format: ReadFile['format'],
  featureCount: number,
  ready: number,
  oversized: number,
  refused: number,
): string {
  // KML calls its features placemarks.
  const geojson = format === 'geojson';
  if (featureCount === 0) {
    return geojson ? t`The file has no features.` : t`The file has no placemarks.`;
  }
  const readyPart = plural(ready, {
    one: '# geofence is ready to import',
    other: '# geofences are ready to import',
  });
  const oversizedPart =
    oversized > 0
      ? plural(oversized, {
          one: '# outline needs simplifying first',
          other: '# outlines need simplifying first',
        })
      : null;
  const refusedPart =
    refused === 0
      ? null
      : geojson
        ? plural(refused, { one: '# feature was refused', other: '# features were refused' })
        : plural(refused, { one: '# placemark was refused', other: '# placemarks were refused' });
  if (oversizedPart && refusedPart) return t`${readyPart}; ${oversizedPart}; ${refusedPart}.`;
  if (oversizedPart) return t`${readyPart}; ${oversizedPart}.`;
  if (refusedPart) return t`${readyPart}; ${refusedPart}.`;
  return t`${readyPart}.`;
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
  const { t } = useLingui();
  const ready = candidates.length;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {describeContents(read.format, read.featureCount, ready, oversized.length, problems.length)}
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
          title={t`Refused features`}
          refusals={problems.map(({ label, message }) => ({ name: label, message }))}
        />
      )}
      {ready > 0 && (
        <ImportList
          label={t`Geofences to import`}
          items={candidates}
          itemKey={(candidate) => candidate.key}
          renderItem={(candidate) => (
            <>
              {candidate.name}
              <Text span size="xs" c="dimmed">
                {' '}
                · {describeCandidate(candidate)}
                {candidate.defaultName ? ` · ${t`no name in the file`}` : ''}
              </Text>
            </>
          )}
        />
      )}
    </Stack>
  );
}
