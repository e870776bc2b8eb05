import { RELOAD_KEY, reloadMarkSchema, thisPage, type ReloadMark } from './new-version';
import { guardSchema, readStoredJson, writeStoredJson } from './stored-json';

// Apart from new-version.ts, whose reload the router's error view needs on the sign-in page: the
// notice after the reload is the signed-in shell's, and loads with it.

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
