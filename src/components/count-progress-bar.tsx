import { Progress } from '@mantine/core';

/**
 * A bar for work counted in items ("12 of 40 finished"): screen readers hear the counts and the
 * words, not a bare percentage.
 */
export function CountProgressBar({
  label,
  done,
  total,
  text,
}: {
  label: string;
  done: number;
  total: number;
  text: string;
}) {
  return (
    <Progress.Root size="lg">
      <Progress.Section
        value={total > 0 ? Math.round((done / total) * 100) : 0}
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
      />
    </Progress.Root>
  );
}
