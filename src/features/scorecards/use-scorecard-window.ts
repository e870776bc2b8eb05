import { useMemo } from 'react';
import { useToday } from '@/lib/use-today';
import { resolveScorecardWindow } from './scorecard-window';
import type { ScorecardWindowSearch } from './scorecard-window-search';

/**
 * A page's window as its URL gives it (kept as one object while its values stay the same) and
 * the days it covers today.
 */
export function useScorecardWindow(search: ScorecardWindowSearch) {
  const today = useToday();
  const window = useMemo<ScorecardWindowSearch>(
    () => ({ days: search.days, from: search.from, to: search.to }),
    [search.days, search.from, search.to],
  );
  return { window, resolved: resolveScorecardWindow(window, today) };
}
