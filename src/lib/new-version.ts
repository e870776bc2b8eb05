import { guardSchema, readStoredJson, writeStoredJson } from './stored-json';

/** The last reload made for a new version: where, and when (to stop a reload loop). */
const RELOAD_KEY = 'fleet-console.new-version-reload';
/** A page that still misses its code this soon after a reload for it is not reloaded again. */
const RETRY_AFTER_MS = 30_000;

interface ReloadMark {
  href: string;
  at: number;
  /** Shown once, after the reload. */
  announced: boolean;
  /** The page that reloaded: it must not take the notice meant for the page after it. */
  by?: string;
}

const isReloadMark = (value: unknown): value is ReloadMark =>
  typeof value === 'object' &&
  value !== null &&
  'href' in value &&
  typeof value.href === 'string' &&
  'at' in value &&
  typeof value.at === 'number' &&
  'announced' in value &&
  typeof value.announced === 'boolean';

const reloadMarkSchema = guardSchema(isReloadMark);

/** This page among the tab's loads: a page about to reload may still draw (an error, a remount). */
const thisPage = `${Date.now()}-${Math.random()}`;

/**
 * A page's code that the server no longer has: after a redeploy, the build files an open tab
 * knows are replaced by new ones under other names, and importing one fails. Each browser words
 * it its own way (Chromium, Firefox, Safari; Vite when a file the chunk needs fails to preload).
 */
export function isMissingCodeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  );
}

/**
 * Reloads this address to get the new version, unless a reload for it already happened within
 * the last half minute (then the server itself is missing the file, and reloading again would
 * loop): returns whether it reloads.
 */
export function reloadForNewVersion(
  location: Pick<Location, 'href' | 'reload'> = window.location,
  now = Date.now(),
  page = thisPage,
): boolean {
  const last = readStoredJson('session', RELOAD_KEY, reloadMarkSchema, null).value;
  if (last && last.href === location.href && now - last.at < RETRY_AFTER_MS) return false;
  writeStoredJson('session', RELOAD_KEY, {
    href: location.href,
    at: now,
    announced: false,
    by: page,
  } satisfies ReloadMark);
  location.reload();
  return true;
}

/**
 * TanStack Router reloads the page itself when a route's code fails to load, before any error
 * view of ours draws, once per failure message, marking each in sessionStorage under this prefix.
 */
const ROUTER_RELOAD_PREFIX = 'tanstack_router_reload:';
/** The router's marks already announced, so each reload is explained once. */
const ANNOUNCED_ROUTER_RELOADS_KEY = 'fleet-console.new-version-router-reloads';
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function takeRouterReloadNotice(): boolean {
  let marks: string[];
  try {
    marks = Object.keys(sessionStorage).filter((key) => key.startsWith(ROUTER_RELOAD_PREFIX));
  } catch {
    return false;
  }
  const announced = readStoredJson(
    'session',
    ANNOUNCED_ROUTER_RELOADS_KEY,
    guardSchema(isStringList),
    [],
  ).value;
  const fresh = marks.filter((mark) => !announced.includes(mark));
  if (fresh.length === 0) return false;
  writeStoredJson('session', ANNOUNCED_ROUTER_RELOADS_KEY, [...announced, ...fresh]);
  return true;
}

/** True once after a reload for a new version, so the page can say why it reloaded. */
export function takeNewVersionNotice(page = thisPage): boolean {
  if (takeRouterReloadNotice()) return true;
  const last = readStoredJson('session', RELOAD_KEY, reloadMarkSchema, null).value;
  if (!last || last.announced || last.by === page) return false;
  writeStoredJson('session', RELOAD_KEY, { ...last, announced: true } satisfies ReloadMark);
  return true;
}
