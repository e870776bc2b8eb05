import { useLingui } from '@lingui/react/macro';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { formatNumber } from '@/lib/format';
import type { RowProgress } from './row-progress';

/** A labelled bar for reading or checking many rows: "4,000 of 10,000 rows". */
export function RowProgressBar({
  label,
  progress,
}: {
  label: string;
  /** Null until the first report arrives. */
  progress: RowProgress | null;
}) {
  const { t } = useLingui();
  const labelId = useId();
  const percent =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const done = progress ? formatNumber(progress.done) : '';
  const total = progress ? formatNumber(progress.total) : '';
  const count = progress ? t`${done} of ${total} rows` : t`Starting…`;
  return (
    <Stack gap={4} style={{ flex: 1 }}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {count}
        </Text>
      </Group>
      {/* The bar, not its coloured part, carries the role: it has a size even at 0%. */}
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={count}
      >
        <Progress.Section value={percent} withAria={false} animated />
      </Progress.Root>
    </Stack>
  );
}
