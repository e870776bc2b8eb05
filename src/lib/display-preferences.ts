import { useSyncExternalStore } from 'react';

export type DistanceUnit = 'km' | 'mi';
export type ClockFormat = '12h' | '24h';
/** Event times in the reader's own zone, or in the zone where the event happened. */
export type EventTimeZone = 'mine' | 'event';

export interface DisplayPreferences {
  distance: DistanceUnit;
  clock: ClockFormat;
  eventTimeZone: EventTimeZone;
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
        value.eventTimeZone === 'mine' || value.eventTimeZone === 'event'
          ? value.eventTimeZone
          : defaults.eventTimeZone,
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
