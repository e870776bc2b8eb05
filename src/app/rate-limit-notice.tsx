import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import {
  getRateLimitedUntil,
  getRetryingReadCount,
  subscribeToRateLimit,
  subscribeToRetries,
} from '@/api/client-state';
import { formatClockTime } from '@/lib/format';

/**
 * While the service asks the console to slow down (429 with Retry-After), every page's reads wait
 * in the API client; this says so, and when they will be sent, instead of a silent spinner.
 */
export function RateLimitNotice() {
  const { t } = useLingui();
  const until = useSyncExternalStore(subscribeToRateLimit, getRateLimitedUntil);
  const retrying = useSyncExternalStore(subscribeToRetries, getRetryingReadCount) > 0;
  if (until === null) {
    return retrying ? (
      <Alert role="status" color="yellow" title={t`The service did not answer`} mb="md">
        <Trans>Retrying: loading continues by itself, or says what went wrong.</Trans>
      </Alert>
    ) : null;
  }
  const time = formatClockTime(until);
  return (
    <Alert role="status" color="yellow" title={t`The service is busy`} mb="md">
      <Trans>It asked the console to wait. Loading continues by itself at {time}.</Trans>
    </Alert>
  );
}
