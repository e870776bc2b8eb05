import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  list: { to: '/events/map', label: msg`Map view` },
  map: { to: '/events', label: msg`List view` },
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
  const { i18n } = useLingui();
  const link = otherView[view];
  return (
    <>
      <ButtonLink to={link.to} search={filters} variant="default">
        {i18n._(link.label)}
      </ButtonLink>
      <Button
        variant="default"
        loading={eventsQuery.isRefetching}
        onClick={() => {
          void eventsQuery.refetch();
          void countQuery.refetch();
        }}
      >
        <Trans>Refresh</Trans>
      </Button>
      {children}
    </>
  );
}
