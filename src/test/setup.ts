import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetApiClientState } from '@/api/client-state';
import { i18n } from '@/i18n/catalogs';
import { mockServer } from '@/mocks/node';
import { resetMockService } from '@/mocks/state';
import { disposeTestSessions } from './test-client';

// How long a findBy… or waitFor keeps looking: a guard against waiting forever, not a speed
// check. The default second was too short for a dialog's first render on a loaded two-core machine.
configure({ asyncUtilTimeout: 5_000 });

// Logic tests run without a DOM (see vite.config.ts); only DOM tests get the browser stubs.
const hasDom = typeof window !== 'undefined';
if (hasDom) installDomStubs();

function installDomStubs(): void {
  // Mantine reads matchMedia; an empty query must match or mantine-datatable hides every column.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}

// Tests read English: the macros keep each message's English text outside production builds.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetMockService();
  resetApiClientState();
  if (!hasDom) return;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  if (hasDom) cleanup();
  disposeTestSessions();
  mockServer.resetHandlers();
  // Files share a worker (isolate: false): a fake clock must never outlive its test.
  vi.useRealTimers();
});
afterAll(() => mockServer.close());
