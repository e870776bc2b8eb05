import { useSyncExternalStore } from 'react';

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

/** The zone this browser's clock runs in, e.g. "Europe/Berlin". */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
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

/** The browser's own habits: miles and a 12-hour clock where its locale uses them. */
function localeDefaults(): DisplayPreferences {
  const locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language;
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

function read(): DisplayPreferences {
  const defaults = localeDefaults();
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return defaults;
    const value = stored as Record<string, unknown>;
    return {
      distance:
        value.distance === 'km' || value.distance === 'mi' ? value.distance : defaults.distance,
      clock: value.clock === '12h' || value.clock === '24h' ? value.clock : defaults.clock,
      eventTimeZone:
        value.eventTimeZone === 'mine' ||
        value.eventTimeZone === 'chosen' ||
        value.eventTimeZone === 'event'
          ? value.eventTimeZone
          : defaults.eventTimeZone,
      chosenTimeZone: isKnownTimeZone(value.chosenTimeZone)
        ? value.chosenTimeZone
        : defaults.chosenTimeZone,
    };
  } catch {
    return defaults;
  }
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
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private windows may refuse storage: the choice still holds until the tab closes.
  }
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
