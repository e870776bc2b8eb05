import { t } from '@lingui/core/macro';
import { isApiError } from '@/api/api-error';
import { formatAge, formatNumber } from '@/lib/format';

/** Where one kind of record's search index stands, as the palette reports it. */
export type IndexStatus =
  | { state: 'loading' }
  | { state: 'ready'; updatedAt: number; count: number; complete: boolean }
  | { state: 'failed' }
  /** The user's roles do not let them read this list: not an error, just a fact. */
  | { state: 'forbidden' };

/** The parts of a query result the status reads (react-query's UseQueryResult fits). */
export interface IndexQueryState {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  dataUpdatedAt: number;
}

export function indexStatusOf(
  query: IndexQueryState,
  measure: () => { count: number; complete: boolean } | undefined,
): IndexStatus {
  if (query.status === 'pending') return { state: 'loading' };
  if (query.status === 'error') {
    return isApiError(query.error) && query.error.code === 'FORBIDDEN'
      ? { state: 'forbidden' }
      : { state: 'failed' };
  }
  const size = measure();
  if (!size) return { state: 'loading' };
  return { state: 'ready', updatedAt: query.dataUpdatedAt, ...size };
}

/**
 * One line of the palette's footer: "Vehicles indexed 2 min ago (partial: first 5,000)". A kind
 * the role cannot read says what it needs (`forbiddenNote`) rather than showing an error.
 */
export function describeIndexStatus(
  label: string,
  status: IndexStatus,
  now: number,
  forbiddenNote?: string,
): string {
  switch (status.state) {
    case 'loading': {
      const lowerLabel = label.toLowerCase();
      return t`Indexing ${lowerLabel}…`;
    }
    case 'failed':
      return t`${label} could not be indexed`;
    case 'forbidden':
      return forbiddenNote ?? t`${label} are not open to your role`;
    case 'ready': {
      const age = formatAge(now - status.updatedAt);
      if (status.complete) return t`${label} indexed ${age}`;
      const count = formatNumber(status.count);
      return t`${label} indexed ${age} (partial: first ${count})`;
    }
  }
}
