// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCacheOwner } from '@/api/cache-owner';
import { RuntimeProvider, type Runtime } from '@/api/runtime-context';
import { TestProviders } from '@/test/test-providers';
import type { ConsoleWorkerEvents } from './service-worker';
import { useNewVersion } from './use-new-version';

const mocks = vi.hoisted(() => ({
  pathname: '/users',
  events: undefined as ConsoleWorkerEvents | undefined,
  register: vi.fn(),
  checkForUpdate: vi.fn(),
  reload: vi.fn(() => true),
  show: vi.fn(),
}));

vi.mock('@tanstack/react-router', () => ({
  useRouterState: ({ select }: { select: (state: { location: { pathname: string } }) => string }) =>
    select({ location: { pathname: mocks.pathname } }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: mocks.show } }));
vi.mock('@/lib/after-next-paint', () => ({ afterNextPaint: () => Promise.resolve() }));
vi.mock('@/lib/new-version', () => ({ reloadForNewVersion: mocks.reload }));
vi.mock('@/lib/new-version-notice', () => ({ takeNewVersionNotice: () => false }));
vi.mock('./service-worker', () => ({
  registerConsoleWorker: (events: ConsoleWorkerEvents) => {
    mocks.register();
    mocks.events = events;
    return { checkForUpdate: mocks.checkForUpdate };
  },
}));

let unsavedHere = false;
const runtime = (demo: Runtime['demo']): Runtime =>
  ({
    config: {},
    demo,
    session: { unsavedWork: () => ({ here: unsavedHere, inOtherTabs: false }) },
  }) as unknown as Runtime;

function renderShell(demo: Runtime['demo'] = null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <RuntimeProvider runtime={runtime(demo)}>{children}</RuntimeProvider>
    </TestProviders>
  );
  return renderHook(() => useNewVersion(), { wrapper });
}

/** Lets the registration's promises (first paint, the dynamic import) settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("useNewVersion and the console's service worker", () => {
  beforeEach(() => {
    mocks.pathname = '/users';
    mocks.events = undefined;
    unsavedHere = false;
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: {} });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
  });
  afterEach(() => {
    setCacheOwner(null);
    vi.unstubAllGlobals();
    mocks.register.mockClear();
    mocks.reload.mockClear();
    mocks.show.mockClear();
  });

  it('registers the worker in live mode, after the first paint, for a user whose data may stay', async () => {
    setCacheOwner('maria@service');
    renderShell();
    await settle();
    expect(mocks.register).toHaveBeenCalledOnce();
  });

  it('registers nothing in the demo, nor for a shared computer until data may stay', async () => {
    setCacheOwner('maria@service');
    renderShell({ scale: 1, resetData: () => Promise.resolve() });
    await settle();
    expect(mocks.register).not.toHaveBeenCalled();

    setCacheOwner(null);
    renderShell();
    await settle();
    expect(mocks.register).not.toHaveBeenCalled();
    act(() => setCacheOwner('maria@service'));
    await settle();
    expect(mocks.register).toHaveBeenCalledOnce();
  });

  it('lets a waiting new version take over without unsaved work, and reloads on the next page', async () => {
    setCacheOwner('maria@service');
    const { rerender } = renderShell();
    await settle();
    const activate = vi.fn();
    act(() => mocks.events?.onWaiting(activate));
    expect(activate).toHaveBeenCalledOnce();
    act(() => mocks.events?.onReplaced());
    expect(mocks.reload).not.toHaveBeenCalled();
    mocks.pathname = '/vehicles';
    rerender();
    expect(mocks.reload).toHaveBeenCalledOnce();
    // Once: the page after that is not reloaded again.
    mocks.pathname = '/groups';
    rerender();
    expect(mocks.reload).toHaveBeenCalledOnce();
  });

  it('with unsaved work on screen says a new version is available instead', async () => {
    setCacheOwner('maria@service');
    unsavedHere = true;
    renderShell();
    await settle();
    const activate = vi.fn();
    act(() => mocks.events?.onWaiting(activate));
    expect(activate).not.toHaveBeenCalled();
    expect(mocks.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'A new version of the console is available' }),
    );
  });
});
