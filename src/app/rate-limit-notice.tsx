import { Alert } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getRateLimitedUntil, subscribeToRateLimit } from '@/api/client';

/**
 * While the service asks the console to slow down (429 with Retry-After), every page's reads wait
 * in the API client; this says so, and when they will be sent, instead of a silent spinner.
 */
export function RateLimitNotice() {
  const until = useSyncExternalStore(subscribeToRateLimit, getRateLimitedUntil);
  if (until === null) return null;
  const time = new Date(until).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (
    <Alert role="status" color="yellow" title="The service is busy" mb="md">
      It asked the console to wait. Loading continues by itself at {time}.
    </Alert>
  );
}
