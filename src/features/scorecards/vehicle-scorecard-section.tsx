import { Trans } from '@lingui/react/macro';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { useSafetyLookups } from '@/features/events/use-safety-lookups';
import { useToday } from '@/lib/use-today';
import { DEFAULT_SCORECARD_EVENTS_PAGE_SIZE, ScorecardEventsList } from './scorecard-events-list';
import { describeScorecardWindow, resolveScorecardWindow } from './scorecard-window';
import { ScorecardWindowPicker } from './scorecard-window-picker';
import type { ScorecardWindowSearch } from './scorecard-window-search';
import { SubjectScorecard } from './subject-scorecard';
import { useSubjectScorecard, type SubjectScope } from './use-subject-scorecard';

/** A vehicle's safety scorecard on its detail page; the window lives in that page's URL. */
export function VehicleScorecardSection({
  vehicleId,
  window,
  onWindowChange,
}: {
  vehicleId: string;
  window: ScorecardWindowSearch;
  onWindowChange: (window: ScorecardWindowSearch) => void;
}) {
  const today = useToday();
  const resolved = resolveScorecardWindow(window, today);
  const scope = useMemo<SubjectScope | null>(
    () => (resolved.ok ? { fromDay: resolved.fromDay, toDay: resolved.toDay, vehicleId } : null),
    [resolved.ok, resolved.fromDay, resolved.toDay, vehicleId],
  );
  const scorecard = useSubjectScorecard(scope);
  const lookups = useSafetyLookups();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_SCORECARD_EVENTS_PAGE_SIZE);
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const windowName = describeScorecardWindow(resolved).toLowerCase();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vehicle-scorecard-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="vehicle-scorecard-title">
            <Trans>Safety scorecard</Trans>
          </Title>
          <AnchorLink
            to="/events"
            search={{ from: resolved.fromDay, to: resolved.toDay, vehicleId }}
            size="sm"
          >
            <Trans>Open in the review queue</Trans>
          </AnchorLink>
        </Group>
        <ScorecardWindowPicker
          window={window}
          resolved={resolved}
          onChange={(next) => {
            setPage(1);
            onWindowChange(next);
          }}
        />
        {scope && (
          <>
            <SubjectScorecard scorecard={scorecard} lookups={lookups} subject="vehicle" />
            <Title order={3} size="h5">
              <Trans>Events, {windowName}</Trans>
            </Title>
            <ScorecardEventsList
              scope={scope}
              subject="vehicle"
              lookups={lookups}
              paging={{
                page,
                pageSize,
                setPage,
                setPageSize: (size) => {
                  setPage(1);
                  setPageSize(size);
                },
              }}
              order={order}
              total={scorecard.query.data?.complete ? (scorecard.row?.metrics.events ?? 0) : null}
              onOrderChange={(next) => {
                setPage(1);
                setOrder(next);
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
