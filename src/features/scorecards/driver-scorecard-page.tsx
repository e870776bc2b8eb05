import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { userDetailQueryOptions } from '@/api/users';
import { ButtonLink } from '@/components/button-link';
import { useListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { personName } from '@/features/events/event-format';
import { useSafetyLookups } from '@/features/events/use-safety-lookups';
import { DEFAULT_SCORECARD_EVENTS_PAGE_SIZE, ScorecardEventsList } from './scorecard-events-list';
import { driverLabel } from './scorecard-format';
import { describeScorecardWindow } from './scorecard-window';
import { ScorecardWindowPicker } from './scorecard-window-picker';
import { SubjectScorecard } from './subject-scorecard';
import { useScorecardWindow } from './use-scorecard-window';
import { useSubjectScorecard, type SubjectScope } from './use-subject-scorecard';

const route = getRouteApi('/_auth/scorecards/drivers/$driverId');

export function DriverScorecardPage() {
  const { t } = useLingui();
  const { driverId } = route.useParams();
  const url = useListUrl(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_SCORECARD_EVENTS_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  const { window, resolved } = useScorecardWindow(search);
  const scope = useMemo<SubjectScope | null>(
    () => (resolved.ok ? { fromDay: resolved.fromDay, toDay: resolved.toDay, driverId } : null),
    [resolved.ok, resolved.fromDay, resolved.toDay, driverId],
  );
  const scorecard = useSubjectScorecard(scope);
  const lookups = useSafetyLookups();
  // The events carry the driver's name; a driver without events in the window is named by
  // their user record (which a role without the users list may not read: then "Driver").
  const user = useQuery({
    ...userDetailQueryOptions(driverId),
    enabled: scorecard.query.isSuccess && !scorecard.row,
    retry: false,
  });
  const name = scorecard.row
    ? driverLabel(scorecard.row)
    : (personName(user.data?.firstName, user.data?.lastName) ?? t`Driver`);
  const employeeNumber = scorecard.row?.employeeNumber || user.data?.employeeId;
  const windowName = describeScorecardWindow(resolved).toLowerCase();

  return (
    <Stack maw={1200}>
      <PageHeader
        title={name}
        description={[
          employeeNumber ? t`Employee ${employeeNumber}` : null,
          t`Driver scorecard, ${windowName}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <ButtonLink variant="default" to="/scorecards" search={window}>
              <Trans>Back to scorecards</Trans>
            </ButtonLink>
            <ButtonLink
              variant="light"
              to="/events"
              search={{ from: resolved.fromDay, to: resolved.toDay, driverId }}
            >
              <Trans>Open in the review queue</Trans>
            </ButtonLink>
          </>
        }
      />
      <ScorecardWindowPicker
        window={window}
        resolved={resolved}
        onChange={(next) => setFilters({ days: next.days, from: next.from, to: next.to })}
      />
      {scope && (
        <>
          <SectionBoundary what={t`The scorecard`}>
            <SubjectScorecard scorecard={scorecard} lookups={lookups} subject="driver" />
          </SectionBoundary>
          <Paper withBorder p="md" component="section" aria-labelledby="driver-events-title">
            <Title order={2} size="h4" id="driver-events-title" mb="sm">
              <Trans>Events</Trans>
            </Title>
            <SectionBoundary what={t`The events list`}>
              <ScorecardEventsList
                scope={scope}
                subject="driver"
                lookups={lookups}
                paging={url}
                order={search.order ?? 'desc'}
                total={scorecard.query.data?.complete ? (scorecard.row?.metrics.events ?? 0) : null}
                onOrderChange={(order) =>
                  setFilters({ order: order === 'desc' ? undefined : order })
                }
              />
            </SectionBoundary>
          </Paper>
        </>
      )}
    </Stack>
  );
}
