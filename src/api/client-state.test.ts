import { describe, expect, it, vi } from 'vitest';
import {
  getRateLimitedUntil,
  getRetryingReadCount,
  resetApiClientState,
  retryingReads,
  serviceRateLimits,
  thirdPartyTurns,
} from './client-state';

describe('resetApiClientState', () => {
  it('forgets the services’ holds, other hosts’ turns and the retrying reads', async () => {
    vi.useFakeTimers();
    serviceRateLimits.hold('users', 60_000);
    thirdPartyTurns.hold('http://localhost/geocoder/search', 60_000);
    retryingReads.begin();
    expect(getRateLimitedUntil()).not.toBeNull();
    expect(getRetryingReadCount()).toBe(1);

    resetApiClientState();
    expect(getRateLimitedUntil()).toBeNull();
    expect(getRetryingReadCount()).toBe(0);
    // A search would leave at once.
    await thirdPartyTurns.takeTurn('http://localhost/geocoder/search', 1_000);
  });
});
