import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The event filters where they fit: beside the page on a wide screen, behind a "Filters" button in
 * a full-screen drawer on a phone (the queue and the events map share it).
 */
export function EventFiltersPlacement({
  filtersOn,
  matchingCount,
  children,
}: {
  /** Whether any filter is set: the button says so. */
  filtersOn: boolean;
  /** How many events the filters match, when known: the drawer's closing button says it. */
  matchingCount: number | undefined;
  children: ReactNode;
}) {
  const { t: translate } = useLingui();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [opened, drawer] = useDisclosure(false);
  if (!isPhone) return children;
  return (
    <>
      <Button
        variant="default"
        onClick={drawer.open}
        w="fit-content"
        rightSection={
          filtersOn ? (
            <Badge size="xs" variant="light">
              <Trans>On</Trans>
            </Badge>
          ) : undefined
        }
      >
        <Trans>Filters</Trans>
      </Button>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        title={translate`Filters`}
        size="100%"
        closeButtonProps={{ 'aria-label': translate`Close the filters` }}
      >
        <Stack gap="md">
          {children}
          <Button onClick={drawer.close} fullWidth>
            {showEventsLabel(matchingCount)}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}

/** "Show 39 events": what closing the drawer shows, counted for the filters just chosen. */
function showEventsLabel(count: number | undefined): string {
  if (count === undefined) return t`Show the events`;
  return plural(count, { one: 'Show # event', other: 'Show # events' });
}
