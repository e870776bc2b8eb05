import { isGuid } from './guid';
import { parseLocalDate } from './local-date';
import { isOneOf } from './one-of';

/**
 * Readers for URL search params in route `validateSearch` functions. Plain functions rather than
 * schemas: route definitions load with /login, and zod would take the sign-in page over its
 * budget. Invalid values are dropped, so a hand-edited URL falls back to the defaults instead of
 * failing. Every route wraps its reader in `routeSearch`, which is what makes the drop stick.
 */

/**
 * A route's `validateSearch`. The router lays the raw search under what a route returns, so a key
 * the reader left out would still reach the page as typed (`page=abc`, `from=2026-13-45`): every
 * key in the address is set here, to undefined unless the reader kept it.
 */
export function routeSearch<T extends object>(
  read: (search: Record<string, unknown>) => T,
): (search: Record<string, unknown>) => NoInfer<T> {
  return (search) => {
    const dropped = Object.fromEntries(Object.keys(search).map((key) => [key, undefined]));
    return { ...dropped, ...read(search) };
  };
}
/** How one search parameter is read from the address: its value, or undefined to drop it. */
export type ParamReader = (value: unknown, search: Record<string, unknown>) => unknown;

/** The search a route's readers give the page: every parameter optional, as its reader types it. */
export type SearchOf<Readers extends Record<string, ParamReader>> = {
  [Key in keyof Readers]?: Exclude<ReturnType<Readers[Key]>, undefined>;
};

/**
 * A route's search parameters, declared once: a reader for each. The route passes the result to
 * `validateSearch`, and the page's type is `SearchOf<typeof readers>`, so the two cannot differ.
 * `settle` sees the parameters read and may change them together (a range given backwards).
 */
export function searchSchema<Readers extends Record<string, ParamReader>>(
  readers: Readers,
  settle: (search: SearchOf<Readers>) => SearchOf<Readers> = (search) => search,
): (search: Record<string, unknown>) => SearchOf<Readers> {
  return routeSearch((search) => {
    const read: SearchOf<Readers> = {};
    const entries = Object.entries(readers) as [keyof Readers & string, ParamReader][];
    for (const [key, reader] of entries) {
      const value = reader(search[key], search);
      if (value !== undefined && value !== '') {
        read[key] = value as Exclude<ReturnType<Readers[typeof key]>, undefined>;
      }
    }
    return compactSearch(settle(read));
  });
}

export function readString(value: unknown, maxLength = 200): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= maxLength ? trimmed : undefined;
}

/**
 * How the router reads each value of an address: as JSON, like the router's own reader, except a
 * number written otherwise than it would be written back (`1e3`, `1.0`, `-0`) stays the text it
 * is, which the readers then drop. So `roleId=1e3` is no filter, not a filter on role 1000.
 */
export function parseAddressValue(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'number' && String(parsed) !== text ? text : parsed;
}

/** A whole number written in digits alone (`12`, `-3`), within bounds. */
export function readInt(
  value: unknown,
  bounds: { min?: number; max?: number } = {},
): number | undefined {
  const digits = typeof value === 'string' && /^-?\d+$/.test(value.trim());
  const number = typeof value === 'string' ? (digits ? Number(value) : undefined) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) return undefined;
  if (bounds.min !== undefined && number < bounds.min) return undefined;
  if (bounds.max !== undefined && number > bounds.max) return undefined;
  return number;
}

const MAX_ID_LIST_LENGTH = 50;

/**
 * Whole-number IDs from an array (as the router parses `[1,2]`), a hand-written `1,2` or a single
 * `3`; sorted, unique, at least `min` (lookup IDs start at 1, a few at 0).
 */
export function readIdList(
  value: unknown,
  { min = 1 }: { min?: number } = {},
): number[] | undefined {
  const raw = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  const ids = raw
    .map((item) => (typeof item === 'string' && item.trim() !== '' ? Number(item) : item))
    .filter((item): item is number => Number.isSafeInteger(item) && (item as number) >= min);
  const unique = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_ID_LIST_LENGTH);
  return unique.length > 0 ? unique : undefined;
}

/** A record's ID as the service writes them (a GUID, either case); any other text is dropped. */
export function readGuid(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  return isGuid(text) ? text : undefined;
}

export function readBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

export function readOneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return isOneOf(allowed, value) ? value : undefined;
}

/** A real calendar day written YYYY-MM-DD; 2026-13-45 or 2026-02-30 is no day, not another one. */
export function readDay(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  return parseLocalDate(text) ? text : undefined;
}

/** The rows-per-page choices a paged list offers, unless it names its own. */
export const LIST_PAGE_SIZES: readonly number[] = [10, 25, 50, 100];

/** A page size the list offers; any other is dropped, so the list's default applies. */
export function readPageSize(
  value: unknown,
  allowed: readonly number[] = LIST_PAGE_SIZES,
): number | undefined {
  const size = readInt(value);
  return size !== undefined && allowed.includes(size) ? size : undefined;
}

/**
 * A list's page size under its one name, `pageSize`. Some lists once called it `limit`: an old
 * link's `limit` is read too, and (as a key the reader leaves out) leaves the address.
 */
export function readPageSizeParam(
  search: Record<string, unknown>,
  allowed: readonly number[] = LIST_PAGE_SIZES,
): number | undefined {
  return readPageSize(search.pageSize ?? search.limit, allowed);
}

/**
 * The page a list's address asks for (`page` counts from 1, as the pager shows it) as the request
 * reads it (`pageIndex` counts from 0).
 */
export function pageRequestOf(
  search: { page?: number; pageSize?: number },
  defaultPageSize: number,
): { pageIndex: number; pageSize: number } {
  return { pageIndex: (search.page ?? 1) - 1, pageSize: search.pageSize ?? defaultPageSize };
}

/** The columns a shared link to a list view carries (the list applies them, then drops them). */
export function readListColumns(value: unknown): string | undefined {
  return readString(value, 600);
}

/** Drops undefined entries so URLs stay clean. */
export function compactSearch<T extends Record<string, unknown>>(search: T): T {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}
