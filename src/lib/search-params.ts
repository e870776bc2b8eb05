/**
 * Readers for URL search params in route `validateSearch` functions. Plain functions rather than
 * schemas: route definitions load before any page, so they must stay light. Invalid values are
 * dropped, so a hand-edited URL falls back to the defaults instead of failing.
 */
export function readString(value: unknown, maxLength = 200): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= maxLength ? trimmed : undefined;
}

export function readInt(
  value: unknown,
  bounds: { min?: number; max?: number } = {},
): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return undefined;
  if (bounds.min !== undefined && number < bounds.min) return undefined;
  if (bounds.max !== undefined && number > bounds.max) return undefined;
  return number;
}

export function readBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

export function readOneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
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
