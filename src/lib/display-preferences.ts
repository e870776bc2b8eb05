import { useSyncExternalStore } from 'react';
import { guardSchema, readStoredJson, writeStoredJson } from './stored-json';

export type DistanceUnit = 'km' | 'mi';
export type ClockFormat = '12h' | '24h';
/**
 * The zone every time is shown in: the browser's, a chosen one (`chosenTimeZone`), or for safety
 * events the zone where each happened (other times then keep the browser's).
 */
export type EventTimeZone = 'mine' | 'chosen' | 'event';

export interface DisplayPreferences {
  distance: DistanceUnit;
  clock: ClockFormat;
  eventTimeZone: EventTimeZone;
  /** An IANA zone ("Asia/Tokyo"), used when `eventTimeZone` is 'chosen'. */
  chosenTimeZone: string;
}

let browserZone: { name: string; readAt: number } | null = null;

/**
 * The zone this browser's clock runs in, e.g. "Europe/Berlin". Every formatted time asks, and
 * building the formatter that answers took a tenth of a list's render: read at most once a
 * second, so a zone changed in the system still shows within a second.
 */
export function browserTimeZone(): string {
  const now = Date.now();
  if (!browserZone || Math.abs(now - browserZone.readAt) >= 1000) {
    browserZone = {
      name: new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      readAt: now,
    };
  }
  return browserZone.name;
}

/** Whether `value` names a zone this browser knows. */
export function isKnownTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const STORAGE_KEY = 'fleet-console.display';

/**
 * The browser's language tag, or English where it gives none (pdf.js's stand-in navigator under
 * Node) or one Intl refuses: WebKitGTK under a `C` locale reports "C", and `new Intl.Locale('C')`
 * throws.
 */
function browserLocale(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (!language) return 'en-US';
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** The browser's own habits: miles and a 12-hour clock where its locale uses them. */
function localeDefaults(): DisplayPreferences {
  const locale = browserLocale();
  const region = new Intl.Locale(locale).maximize().region;
  const hour12 = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12;
  return {
    distance:
      region === 'US' || region === 'GB' || region === 'LR' || region === 'MM' ? 'mi' : 'km',
    clock: hour12 ? '12h' : '24h',
    eventTimeZone: 'mine',
    chosenTimeZone: browserTimeZone(),
  };
}

/**
 * Each choice on its own: one the console no longer offers falls back to the browser's habit. A
 * type guard, not zod: every formatter reads these, and the API client formats times on the
 * sign-in page.
 */
const storedPreferencesSchema = guardSchema(
  (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value),
);

function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

function read(): DisplayPreferences {
  const defaults = localeDefaults();
  const stored = readStoredJson('local', STORAGE_KEY, storedPreferencesSchema, {}).value;
  return {
    distance: oneOf(stored.distance, ['km', 'mi'] as const) ?? defaults.distance,
    clock: oneOf(stored.clock, ['12h', '24h'] as const) ?? defaults.clock,
    eventTimeZone:
      oneOf(stored.eventTimeZone, ['mine', 'chosen', 'event'] as const) ?? defaults.eventTimeZone,
    // A zone this browser does not know falls back to the browser's own.
    chosenTimeZone: isKnownTimeZone(stored.chosenTimeZone)
      ? stored.chosenTimeZone
      : defaults.chosenTimeZone,
  };
}

let current: DisplayPreferences | null = null;
const listeners = new Set<() => void>();

/** The preferences every formatter reads: one source, so every page shows the same units. */
export function getDisplayPreferences(): DisplayPreferences {
  current ??= typeof localStorage === 'undefined' ? localeDefaults() : read();
  return current;
}

export function setDisplayPreferences(changes: Partial<DisplayPreferences>): void {
  current = { ...getDisplayPreferences(), ...changes };
  // Private windows may refuse storage: the choice still holds until the tab closes.
  writeStoredJson('local', STORAGE_KEY, current);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(subscribe, getDisplayPreferences, getDisplayPreferences);
}

/** For tests: forget the cached choice so the next read starts from storage. */
export function resetDisplayPreferencesCache(): void {
  current = null;
}
