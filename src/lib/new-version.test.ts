// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMissingCodeError, reloadForNewVersion } from './new-version';
import { takeNewVersionNotice } from './new-version-notice';

const page = (href: string) => ({ href, reload: vi.fn() });

describe('a new version found by an open tab', () => {
  afterEach(() => sessionStorage.clear());

  it('knows a page whose code is gone, as each browser words it', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/users-abc.js',
      'error loading dynamically imported module: https://x/assets/users-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/map-abc.css',
    ]) {
      expect(isMissingCodeError(new TypeError(message))).toBe(true);
    }
    expect(isMissingCodeError(new Error('Network request failed'))).toBe(false);
    expect(isMissingCodeError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the address once, says so once after, and does not loop on a file still missing', () => {
    const first = page('https://console/vehicles');
    expect(reloadForNewVersion(first, 1_000, 'before')).toBe(true);
    expect(first.reload).toHaveBeenCalledOnce();
    // The page that reloads may draw once more before it goes: the notice waits for the next.
    expect(takeNewVersionNotice('before')).toBe(false);
    expect(takeNewVersionNotice('after')).toBe(true);
    expect(takeNewVersionNotice('after')).toBe(false);

    const again = page('https://console/vehicles');
    expect(reloadForNewVersion(again, 5_000)).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();
    // Another address, or the same one later, is a new deployment to reload for.
    expect(reloadForNewVersion(page('https://console/users'), 6_000)).toBe(true);
    expect(reloadForNewVersion(page('https://console/users'), 60_000)).toBe(true);
  });

  it('explains once each reload the router made itself for a route whose code is gone', () => {
    expect(takeNewVersionNotice()).toBe(false);
    sessionStorage.setItem(
      'tanstack_router_reload:Failed to fetch dynamically imported module: /assets/groups-1.js',
      '1',
    );
    expect(takeNewVersionNotice()).toBe(true);
    expect(takeNewVersionNotice()).toBe(false);
    sessionStorage.setItem(
      'tanstack_router_reload:Failed to fetch dynamically imported module: /assets/users-2.js',
      '1',
    );
    expect(takeNewVersionNotice()).toBe(true);
  });
});
