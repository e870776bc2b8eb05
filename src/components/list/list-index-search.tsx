import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { pageOfRows, type Page, type PageRequest } from '@/api/paging';
import { formatAge, formatNumber } from '@/lib/format';
import type { ListResult } from './data-list';

/** What a search on a list needs of its index's query: react-query's result fits. */
export interface ListIndexQuery {
  isFetching: boolean;
  error: unknown;
  dataUpdatedAt: number;
  refetch: () => unknown;
}

/**
 * The rows a search of an index found, paged in the browser as the service pages its list, so
 * DataList shows them like any list. `matches` is undefined while the index is being read.
 */
export function indexMatchesList<Row>(
  query: ListIndexQuery,
  matches: readonly Row[] | undefined,
  paging: { page: number; pageSize: number },
): ListResult<Row> {
  return {
    data: matches && pageOfRows(matches, { pageIndex: paging.page - 1, pageSize: paging.pageSize }),
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => query.refetch(),
  };
}

/** Export (and "select all matching") of a searched list: the matches, page by page. */
export function indexMatchesExport<Row>(matches: readonly Row[] | undefined): {
  fetchPage: (request: PageRequest) => Promise<Page<Row>>;
  disabled: boolean;
} {
  return {
    fetchPage: (request) => Promise.resolve(pageOfRows(matches ?? [], request)),
    disabled: !matches,
  };
}

/** The age in the line stays true while the page is open. */
const AGE_TICK_MS = 30_000;

export interface IndexSearchStatusProps {
  /** What the index holds, plural and lower case: "vehicles". */
  noun: string;
  query: ListIndexQuery;
  /** How many records the index holds, and whether that is all of them; undefined while it loads. */
  indexed: { count: number; complete: boolean } | undefined;
  /**
   * What was done with the index: "Searched" (the default), "Sorted", "Filtered". These three are
   * said in the reader's language; another word is put in as given.
   */
  verb?: string;
  /** Why the list is read whole, said after the count (the service cannot do it). */
  note?: string;
}

/**
 * Where a search on a list looked and how fresh that is ("Searched 200 vehicles indexed 2 min
 * ago"), whether the index holds only the first records, and a Refresh that reads it again.
 */
export function IndexSearchStatus({
  noun,
  query,
  indexed,
  verb = 'Searched',
  note,
}: IndexSearchStatusProps) {
  const { t } = useLingui();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  // A fresh read is "just now", not a moment in the future.
  const age = formatAge(Math.max(now, query.dataUpdatedAt) - query.dataUpdatedAt);
  const count = indexed ? formatNumber(indexed.count) : '';
  // Whole sentences per verb: a verb's form and place differ between languages.
  const indexedText = (): string => {
    const complete = indexed?.complete ?? true;
    switch (verb) {
      case 'Searched':
        return complete
          ? t`Searched ${count} ${noun} indexed ${age}.`
          : t`Searched the first ${count} ${noun} only, indexed ${age}. Choose a group to reach the others.`;
      case 'Sorted':
        return complete
          ? t`Sorted ${count} ${noun} indexed ${age}.`
          : t`Sorted the first ${count} ${noun} only, indexed ${age}. Choose a group to reach the others.`;
      case 'Filtered':
        return complete
          ? t`Filtered ${count} ${noun} indexed ${age}.`
          : t`Filtered the first ${count} ${noun} only, indexed ${age}. Choose a group to reach the others.`;
      default:
        return complete
          ? t`${verb} ${count} ${noun} indexed ${age}.`
          : t`${verb} the first ${count} ${noun} only, indexed ${age}. Choose a group to reach the others.`;
    }
  };
  let text = indexed ? indexedText() : t`Indexing ${noun} to search them…`;
  if (indexed && note) text += ` ${note}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" role="status">
        {text}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => {
          setNow(Date.now());
          void query.refetch();
        }}
        loading={query.isFetching}
        disabled={!indexed}
      >
        <Trans>Refresh</Trans>
      </Button>
    </Group>
  );
}
