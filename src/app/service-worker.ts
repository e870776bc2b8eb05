import { Workbox } from 'workbox-window';
import { CONSOLE_WORKER_CACHE_PREFIX, CONSOLE_WORKER_URL } from '@/lib/console-worker';

/** What the signed-in shell hears of the console's worker (src/app/use-new-version.ts). */
export interface ConsoleWorkerEvents {
  /** A new version's worker is installed and waits for the page: `activate` hands it over. */
  onWaiting: (activate: () => void) => void;
  /** A new version's worker took over, and the page runs older code than the one it keeps. */
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
  workbox.addEventListener('waiting', () => {
    registered?.events.onWaiting(() => workbox.messageSkipWaiting());
  });
  // A worker that replaced another (not the first install) may keep a newer version than the
  // page's: a tab open across a redeploy. A page loaded after it (from the network, as pages
  // always are) already runs that version.
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) return;
    void pageRunsKeptVersion().then((current) => {
      if (!current) registered?.events.onReplaced();
    });
  });
  // On the first visit the page's code and config loaded before the worker took the page, so it
  // never saw them: it is asked to keep them now, or the next start offline would miss them.
  workbox.addEventListener('controlling', () => {
    workbox
      .messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loadedBeforeTheWorker() } })
      .catch(() => undefined);
  });
  // A browser that refuses (private windows of some, storage blocked) leaves the page as it was.
  workbox
    .register()
    .then(removeOlderBuildsCode)
    .catch(() => undefined);
  const worker: ConsoleWorker = {
    checkForUpdate: () => {
      workbox.update().catch(() => undefined);
    },
  };
  registered = { worker, events };
  return worker;
}

/**
 * The build's files and config.json this page has loaded so far (the worker's routes pick them):
 * from the resource timings, whose buffer may be full by now, and the scripts, styles and module
 * preloads in the document.
 */
function loadedBeforeTheWorker(): string[] {
  const base = new URL(import.meta.env.BASE_URL, window.location.href);
  const assets = new URL('assets/', base).href;
  const config = new URL('config.json', base).href;
  const timed = performance.getEntriesByType('resource').map((entry) => entry.name);
  const linked = [
    ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]'),
  ].map((element) => (element instanceof HTMLScriptElement ? element.src : element.href));
  const loaded = [...timed, ...linked].filter(
    (url) => (url.startsWith(assets) && !url.endsWith('.map')) || url === config,
  );
  return [...new Set(loaded)];
}

/**
 * Once the worker keeps this page's version, the code older builds cached at runtime goes (each
 * build caches its code under its own name).
 */
async function removeOlderBuildsCode(): Promise<void> {
  if (!(await pageRunsKeptVersion())) return;
  const current = import.meta.env.CONSOLE_ASSETS_CACHE;
  for (const name of await caches.keys()) {
    if (name.startsWith(`${CONSOLE_WORKER_CACHE_PREFIX}assets`) && name !== current) {
      await caches.delete(name);
    }
  }
}

/**
 * Whether the worker's precache holds this page's entry script (the precache keeps one version;
 * read once the worker has activated, which removes the older version's entries).
 */
async function pageRunsKeptVersion(): Promise<boolean> {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  if (!entry) return false;
  try {
    const precache = (await caches.keys()).find((name) =>
      name.startsWith(`${CONSOLE_WORKER_CACHE_PREFIX}precache`),
    );
    return !!precache && !!(await (await caches.open(precache)).match(entry));
  } catch {
    return false;
  }
}
