import { guardSchema, readStoredJson, writeStoredJson } from './stored-json';

/** The last reload made for a new version: where, and when (to stop a reload loop). */
export const RELOAD_KEY = 'fleet-console.new-version-reload';
/** A page that still misses its code this soon after a reload for it is not reloaded again. */
const RETRY_AFTER_MS = 30_000;

export interface ReloadMark {
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

export const reloadMarkSchema = guardSchema(isReloadMark);

/** This page among the tab's loads: a page about to reload may still draw (an error, a remount). */
export const thisPage = `${Date.now()}-${Math.random()}`;

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
