import { Alert, Group, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { safetyEventCountQueryOptions, safetyEventMapQueryOptions } from '@/api/safety-events';
import { ListEmptyState, ListError } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { SectionBoundary } from '@/components/section-boundary';
import { compactSearch } from '@/lib/search-params';
import { useToday } from '@/lib/use-today';
import { applyBrowserFilters, hasUncountedFilters } from './browser-filters';
import { EventFilters, type FiltersPatch } from './event-filters';
import { EventFiltersPlacement } from './event-filters-placement';
import { EventQueueHeaderActions } from './event-queue-header-actions';
import { EventsMap } from './events-map';
import { queueFiltersOf, type EventsMapLayer } from './events-map-search';
import classes from './events-map.module.css';
import { countFilters, hasFilters, queueParams } from './events-search';
import { isPlaced } from './placed-event';
import { useSafetyLookups } from './use-safety-lookups';

const route = getRouteApi('/_auth/events/map');

/** Five pages of the service's largest: enough to see where events gather, bounded in requests. */
const EVENTS_MAP_MAX_EVENTS = 5_000;

const count = new Intl.NumberFormat();

/** The review queue's events on a map, for the same filters (they stay in the URL). */
export function EventsMapPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const today = useToday();
  const filters = useMemo(() => queueFiltersOf(search), [search]);
  const layer: EventsMapLayer = search.layer ?? 'clusters';
  const lookups = useSafetyLookups();
  const query = useQuery(
    safetyEventMapQueryOptions(queueParams(filters, today), EVENTS_MAP_MAX_EVENTS),
  );
  const countQuery = useQuery(safetyEventCountQueryOptions(countFilters(filters, today)));

  const matching = useMemo(
    () => (query.data ? applyBrowserFilters(query.data.items, filters) : []),
    [query.data, filters],
  );
  const placed = useMemo(() => matching.filter(isPlaced), [matching]);

  const changeFilters = (patch: FiltersPatch) =>
    void navigate({
      search: (previous) => compactSearch({ ...previous, ...patch }),
    });
  const eventFilters = (
    <EventFilters
      search={filters}
      onChange={changeFilters}
      onClear={() =>
        void navigate({ search: (previous) => compactSearch({ layer: previous.layer }) })
      }
      lookups={lookups}
      today={today}
    />
  );

  return (
    <div className={classes.page}>
      <PageHeader
        title="Safety events map"
        description="Where the review queue's events happened, for the queue's filters."
        actions={
          <EventQueueHeaderActions
            view="map"
            filters={filters}
            eventsQuery={query}
            countQuery={countQuery}
          />
        }
      />
      <EventFiltersPlacement
        filtersOn={hasFilters(filters)}
        // The count leaves out the dynamic-risk filter, which only the loaded events answer.
        matchingCount={hasUncountedFilters(filters) ? undefined : countQuery.data}
      >
        {eventFilters}
      </EventFiltersPlacement>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label="Show events as"
          value={layer}
          onChange={(value) =>
            void navigate({
              search: (previous) =>
                compactSearch({ ...previous, layer: value === 'heat' ? 'heat' : undefined }),
              replace: true,
            })
          }
          data={[
            { value: 'clusters', label: 'Clusters' },
            { value: 'heat', label: 'Heat' },
          ]}
        />
        {query.data && (
          <Text size="sm" c="dimmed">
            {count.format(placed.length)} events on the map
            {matching.length > placed.length &&
              `, ${count.format(matching.length - placed.length)} without a position`}
            {layer === 'heat' && '. Switch to clusters to open an event'}
          </Text>
        )}
      </Group>
      {query.data && !query.data.complete && (
        <Alert
          color="yellow"
          title={`The map shows the first ${count.format(EVENTS_MAP_MAX_EVENTS)} events`}
        >
          <Text size="sm">
            {countQuery.data !== undefined
              ? `${count.format(countQuery.data)} events match these filters. `
              : 'More events match these filters. '}
            The map holds the first {count.format(EVENTS_MAP_MAX_EVENTS)} in the queue&apos;s order;
            narrow the dates or filters to map the rest.
          </Text>
        </Alert>
      )}
      {query.error && !query.data ? (
        <ListError noun="events" list={query} />
      ) : query.isPending ? (
        <PageLoader label="Loading the events" />
      ) : placed.length === 0 ? (
        <ListEmptyState title="No events with a position match these filters">
          {hasFilters(filters)
            ? 'Widen the date range or clear some filters.'
            : 'No events with a position were recorded in the last seven days. Pick a longer date range.'}
        </ListEmptyState>
      ) : (
        <div className={classes.map}>
          <SectionBoundary what="The map">
            <EventsMap events={placed} layer={layer} lookups={lookups} filters={filters} />
          </SectionBoundary>
        </div>
      )}
    </div>
  );
}
