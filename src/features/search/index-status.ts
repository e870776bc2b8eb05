import { isApiError } from '@/api/api-error';
import { formatAge } from '@/lib/format';

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

const countFormat = new Intl.NumberFormat('en');

/**
 * One line of the palette's footer: "Vehicles indexed 2 min ago (partial: first 5,000)". A kind
 * the role cannot read says what it needs (`forbiddenNote`) rather than showing an error.
 */
export function describeIndexStatus(
  label: string,
  status: IndexStatus,
  now: number,
  forbiddenNote = `${label} are not open to your role`,
): string {
  switch (status.state) {
    case 'loading':
      return `Indexing ${label.toLowerCase()}…`;
    case 'failed':
      return `${label} could not be indexed`;
    case 'forbidden':
      return forbiddenNote;
    case 'ready': {
      const partial = status.complete
        ? ''
        : ` (partial: first ${countFormat.format(status.count)})`;
      return `${label} indexed ${formatAge(now - status.updatedAt)}${partial}`;
    }
  }
}
