import { Workbox } from 'workbox-window';
import { CONSOLE_WORKER_URL } from '@/lib/console-worker';

/** What the signed-in shell hears of the console's worker (src/app/use-new-version.ts). */
export interface ConsoleWorkerEvents {
  /** A new version's worker is installed and waits for the page: `activate` hands it over. */
  onWaiting: (activate: () => void) => void;
  /** A new version's worker took the page from the one before: the page runs older code. */
  onReplaced: () => void;
}

export interface ConsoleWorker {
  /** Asks the server for sw.js again; a changed one installs and then waits. */
  checkForUpdate: () => void;
}

let registered: { worker: ConsoleWorker; events: ConsoleWorkerEvents } | undefined;

/**
 * Registers the live console's service worker (loaded only by the signed-in shell, after its
 * first paint, so nothing of it reaches the sign-in page). Once per page: a shell mounted again
 * (signed out and in) takes over the events.
 */
export function registerConsoleWorker(events: ConsoleWorkerEvents): ConsoleWorker {
  if (registered) {
    registered.events = events;
    return registered.worker;
  }
  const workbox = new Workbox(CONSOLE_WORKER_URL, { scope: import.meta.env.BASE_URL });
  let controller = navigator.serviceWorker.controller;
  workbox.addEventListener('waiting', () => {
    registered?.events.onWaiting(() => workbox.messageSkipWaiting());
  });
  // Any worker before (the previous version's, or the demo's) means the page's code is older.
  workbox.addEventListener('controlling', () => {
    const replaced = controller !== null;
    controller = navigator.serviceWorker.controller;
    if (replaced) registered?.events.onReplaced();
  });
  // A browser that refuses (private windows of some, storage blocked) leaves the page as it was.
  workbox.register().catch(() => undefined);
  const worker: ConsoleWorker = {
    checkForUpdate: () => {
      workbox.update().catch(() => undefined);
    },
  };
  registered = { worker, events };
  return worker;
}
