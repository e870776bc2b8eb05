import { Trans } from '@lingui/react/macro';
import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConnection } from '@/api/use-connection';
import { dateTimeFormat } from '@/lib/format';

/** How long "Back online" stays after the connection returns. */
const BACK_ONLINE_MS = 5_000;

/**
 * The line under the header while the browser is offline (live mode only): since when, that the
 * pages show what this computer last read, and that changes wait for the connection. When it
 * comes back, "Back online" shows briefly. The live region stays in the page so both are read out.
 */
export function ConnectionBanner() {
  const { online, offlineSince } = useConnection();
  const [backOnline, setBackOnline] = useState(false);
  // Follows the connection during render (no effect): a return to online starts the notice.
  const [wasOffline, setWasOffline] = useState(!online);
  if (wasOffline === online) {
    setWasOffline(!online);
    setBackOnline(online);
  }

  useEffect(() => {
    if (!backOnline) return;
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [backOnline]);

  // Hours and minutes, in the reader's clock and chosen zone, as the pages show times.
  const since =
    offlineSince === null ? null : dateTimeFormat({ timeStyle: 'short' }).format(offlineSince);
  return (
    <div role="status">
      {since !== null ? (
        <Box bg="yellow.1" c="dark.9" px={{ base: 'xs', sm: 'md' }} py={4}>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={500} span>
            <Trans>Offline since {since}.</Trans>
          </Text>{' '}
          <Text fz={{ base: 'xs', sm: 'sm' }} span>
            <Trans>
              Showing what this computer last read; changes are turned off until the connection is
              back.
            </Trans>
          </Text>
        </Box>
      ) : backOnline ? (
        <Box bg="green.1" c="dark.9" px={{ base: 'xs', sm: 'md' }} py={4}>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={500}>
            <Trans>Back online. The pages refresh by themselves.</Trans>
          </Text>
        </Box>
      ) : null}
    </div>
  );
}
