import { useMemo, useState } from 'react';
import type { ScheduleRow } from './validate-rows';

/**
 * Rows that needed work first, in file order. The set is taken when asked (not on every edit),
 * so a row the user has just fixed stays where it is instead of jumping away.
 */
export function useProblemsFirst(
  rows: readonly ScheduleRow[],
  hasProblem: (row: ScheduleRow) => boolean,
) {
  const [pinned, setPinned] = useState<ReadonlySet<number>>(
    () => new Set(rows.filter(hasProblem).map((row) => row.id)),
  );
  const ordered = useMemo(
    () => [
      ...rows.filter((row) => pinned.has(row.id)),
      ...rows.filter((row) => !pinned.has(row.id)),
    ],
    [rows, pinned],
  );
  const repin = () => setPinned(new Set(rows.filter(hasProblem).map((row) => row.id)));
  return { ordered, repin };
}
