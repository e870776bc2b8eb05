import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button-link';
import type { EventsSearch } from './events-search';

/** What Refresh uses of a query: it refetches both, and spins while the events reload. */
interface RefreshableQuery {
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

const otherView = {
  list: { to: '/events/map', label: 'Map view' },
  map: { to: '/events', label: 'List view' },
} as const;

/**
 * The page-header actions the review queue and the events map share: a link to the other view
 * with the same filters, and Refresh (which also recounts the total).
 */
export function EventQueueHeaderActions({
  view,
  filters,
  eventsQuery,
  countQuery,
  children,
}: {
  /** The view this page is; the link goes to the other one. */
  view: keyof typeof otherView;
  filters: EventsSearch;
  eventsQuery: RefreshableQuery;
  countQuery: RefreshableQuery;
  /** Actions only this page has, after Refresh. */
  children?: ReactNode;
}) {
  const link = otherView[view];
  return (
    <>
      <ButtonLink to={link.to} search={filters} variant="default">
        {link.label}
      </ButtonLink>
      <Button
        variant="default"
        loading={eventsQuery.isRefetching}
        onClick={() => {
          void eventsQuery.refetch();
          void countQuery.refetch();
        }}
      >
        Refresh
      </Button>
      {children}
    </>
  );
}
