const countFormat = new Intl.NumberFormat();
const count = (value: number) => countFormat.format(value);

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
  uncountedMatch = 'carry the chosen dynamic risks',
}: QueueSummaryInput) {
  const plural = (value: number) => `${count(value)} event${value === 1 ? '' : 's'}`;
  if (riskFiltered) {
    const base = `${count(shown)} of ${plural(loaded)} loaded ${uncountedMatch}`;
    return total === undefined
      ? base
      : `${base} · ${plural(total)} match the other filters on the service`;
  }
  if (total === undefined) return `${plural(shown)} loaded${hasMore ? ', more to load' : ''}`;
  if (!hasMore) return `${plural(shown)} · all loaded`;
  return `${count(shown)} of ${plural(total)} loaded`;
}
