import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '@/lib/format';

export interface QueueSummaryInput {
  /** Matches for the service-side filters (and subtype), from the ID list; undefined until known. */
  total: number | undefined;
  loaded: number;
  shown: number;
  hasMore: boolean;
  /** The dynamic-risk filter, which no endpoint can apply, so the total does not include it. */
  riskFiltered: boolean;
  /** What the shown events have in common when other browser-side filters join the risk one. */
  uncountedMatch?: string;
}

/** One line that says how much of the queue is on screen and where each number comes from. */
export function queueSummary({
  total,
  loaded,
  shown,
  hasMore,
  riskFiltered,
  uncountedMatch,
}: QueueSummaryInput) {
  const shownCount = formatNumber(shown);
  if (riskFiltered) {
    // Ends "12 of 200 events loaded …": what the shown events have in common.
    const match = uncountedMatch ?? t`carry the chosen dynamic risks`;
    const base = plural(loaded, {
      one: `${shownCount} of # event loaded ${match}`,
      other: `${shownCount} of # events loaded ${match}`,
    });
    if (total === undefined) return base;
    const service = plural(total, {
      one: '# event matches the other filters on the service',
      other: '# events match the other filters on the service',
    });
    return `${base} · ${service}`;
  }
  if (total === undefined) {
    return hasMore
      ? plural(shown, {
          one: '# event loaded, more to load',
          other: '# events loaded, more to load',
        })
      : plural(shown, { one: '# event loaded', other: '# events loaded' });
  }
  if (!hasMore)
    return plural(shown, { one: '# event · all loaded', other: '# events · all loaded' });
  return plural(total, {
    one: `${shownCount} of # event loaded`,
    other: `${shownCount} of # events loaded`,
  });
}
