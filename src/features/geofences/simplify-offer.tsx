import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { UserText } from '@/components/user-text';
import { MAX_IMPORT_CORNERS } from './geofence-geojson';
import type { OversizedCandidate, SimplifiedImport } from './geofence-import-session';
import { isValidTolerance } from './geofence-import-state';
import { count } from './import-counts';
import { ImportList } from './import-list';

/** Outlines over the corner limit, and the tolerance that simplifies them before import. */
export function SimplifyOffer({
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
  const { t } = useLingui();
  const validTolerance = isValidTolerance(tolerance);
  const pending = oversized.length;
  const maxCorners = count(MAX_IMPORT_CORNERS);
  const toleranceUsed = count(simplified?.toleranceMetres ?? 0);
  return (
    <Alert
      color={pending > 0 ? 'yellow' : 'blue'}
      title={
        pending > 0
          ? plural(pending, {
              one: `# outline has more than ${maxCorners} corners`,
              other: `# outlines have more than ${maxCorners} corners`,
            })
          : t`Simplified at ${toleranceUsed} m`
      }
    >
      <Stack gap="xs">
        {pending > 0 && (
          <ImportList
            label={t`Outlines to simplify`}
            items={oversized}
            itemKey={(candidate) => candidate.key}
            renderItem={({ name, cornerCount }) => (
              <>
                <UserText>{name}</UserText> ·{' '}
                {plural(cornerCount, { one: '# corner', other: '# corners' })}
              </>
            )}
          />
        )}
        <Text size="sm">
          <Trans>
            The service does not publish how many corners a geofence may have; this console imports
            at most {maxCorners}, which also keeps the map editor quick. Simplifying removes the
            corners that lie closer than the tolerance to the outline, so the shape moves by at most
            that distance.
          </Trans>
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t`Tolerance (metres)`}
            value={tolerance}
            onChange={onToleranceChange}
            min={0.1}
            step={1}
            decimalScale={1}
            w={160}
            error={validTolerance ? undefined : t`Enter a distance above 0 m.`}
            disabled={disabled}
          />
          <Button
            variant={pending > 0 ? 'filled' : 'default'}
            onClick={onSimplify}
            loading={simplifying}
            disabled={!validTolerance || disabled}
          >
            {pending > 0
              ? plural(pending, { one: 'Simplify # outline', other: 'Simplify # outlines' })
              : t`Simplify again from the file`}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
