import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { safetyEventCountQueryOptions, safetyEventMapQueryOptions } from '@/api/safety-events';
import { ListEmptyState, ListError } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { SectionBoundary } from '@/components/section-boundary';
import { formatNumber } from '@/lib/format';
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

/** The review queue's events on a map, for the same filters (they stay in the URL). */
export function EventsMapPage() {
  const { t } = useLingui();
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
  const placedCount = placed.length;
  const unplaced = matching.length - placedCount;
  const matchingCount = countQuery.data;
  const mapLimit = formatNumber(EVENTS_MAP_MAX_EVENTS);

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
        title={t`Safety events map`}
        description={t`Where the review queue's events happened, for the queue's filters.`}
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
          aria-label={t`Show events as`}
          value={layer}
          onChange={(value) =>
            void navigate({
              search: (previous) =>
                compactSearch({ ...previous, layer: value === 'heat' ? 'heat' : undefined }),
              replace: true,
            })
          }
          data={[
            { value: 'clusters', label: t`Clusters` },
            { value: 'heat', label: t`Heat` },
          ]}
        />
        {query.data && (
          <Text size="sm" c="dimmed">
            <Plural value={placedCount} one="# event on the map" other="# events on the map" />
            {unplaced > 0 && (
              <>
                {', '}
                <Plural value={unplaced} one="# without a position" other="# without a position" />
              </>
            )}
            {layer === 'heat' && (
              <>
                {'. '}
                <Trans>Switch to clusters to open an event</Trans>
              </>
            )}
          </Text>
        )}
      </Group>
      {query.data && !query.data.complete && (
        <Alert color="yellow" title={t`The map shows the first ${mapLimit} events`}>
          <Text size="sm">
            {matchingCount !== undefined ? (
              <Plural
                value={matchingCount}
                one="# event matches these filters."
                other="# events match these filters."
              />
            ) : (
              <Trans>More events match these filters.</Trans>
            )}{' '}
            {t`The map holds the first ${mapLimit} in the queue's order; narrow the dates or filters to map the rest.`}
          </Text>
        </Alert>
      )}
      {query.error && !query.data ? (
        <ListError noun={t`events`} list={query} />
      ) : query.isPending ? (
        <PageLoader label={t`Loading the events`} />
      ) : placed.length === 0 ? (
        <ListEmptyState title={t`No events with a position match these filters`}>
          {hasFilters(filters)
            ? t`Widen the date range or clear some filters.`
            : t`No events with a position were recorded in the last seven days. Pick a longer date range.`}
        </ListEmptyState>
      ) : (
        <div className={classes.map}>
          <SectionBoundary what={t`The map`}>
            <EventsMap events={placed} layer={layer} lookups={lookups} filters={filters} />
          </SectionBoundary>
        </div>
      )}
    </div>
  );
}
