import { useSyncExternalStore } from 'react';

/**
 * The console's languages. Spanish is Latin American (es-419), for fleets from the US to
 * Argentina; French is Canadian (fr-CA), Quebec's. `pseudo` is for testing only: every word
 * accented and lengthened, so a string left out of the catalogs, or a layout that breaks with
 * longer words, shows. It is never offered, only chosen by address (`?lang=pseudo`).
 *
 * No translation library in this module: the sign-in page reads it before anything else loads.
 */
export const shippedLocales = ['en', 'es-419', 'fr-CA'] as const;
export type ShippedLocale = (typeof shippedLocales)[number];
export type ConsoleLocale = ShippedLocale | 'pseudo';

/** Each language named in itself, as a picker lists them. */
export const localeNames: Record<ShippedLocale, string> = {
  en: 'English',
  'es-419': 'Español (Latinoamérica)',
  'fr-CA': 'Français (Canada)',
};

const STORAGE_KEY = 'fleet-console.language';

function isConsoleLocale(value: unknown): value is ConsoleLocale {
  return value === 'pseudo' || shippedLocales.some((locale) => locale === value);
}

/**
 * The console's language for a list of browser language tags, best first: the first tag whose
 * language the console speaks, English otherwise. A tag Intl refuses (WebKitGTK reports "C"
 * under `LANG=C`) is passed over.
 */
export function matchLocale(tags: readonly string[]): ShippedLocale {
  for (const tag of tags) {
    let language: string;
    try {
      language = new Intl.Locale(tag).language;
    } catch {
      continue;
    }
    if (language === 'es') return 'es-419';
    if (language === 'fr') return 'fr-CA';
    if (language === 'en') return 'en';
  }
  return 'en';
}

/** The browser's languages, best first; none where there is no real browser (pdf.js under Node). */
function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

function readStored(): ConsoleLocale | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isConsoleLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

function addressed(): ConsoleLocale | null {
  if (typeof location === 'undefined') return null;
  const asked = new URLSearchParams(location.search).get('lang');
  return isConsoleLocale(asked) ? asked : null;
}

let current: ConsoleLocale | null = null;
const listeners = new Set<() => void>();

/** The chosen language: the address's `?lang=`, then this browser's choice, then its languages. */
export function getLocale(): ConsoleLocale {
  if (current === null) {
    const chosen = addressed();
    // A language named in the address is kept, so it holds past the next navigation.
    if (chosen) writeStored(chosen);
    current = chosen ?? readStored() ?? matchLocale(browserTags());
    markDocument(current);
  }
  return current;
}

/** The locale every `Intl` formatter uses: the pseudo-locale formats as English. */
export function getFormatLocale(): string {
  const locale = getLocale();
  return locale === 'pseudo' ? 'en' : locale;
}

function writeStored(locale: ConsoleLocale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private windows may refuse storage: the choice holds until the tab closes.
  }
}

function markDocument(locale: ConsoleLocale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
}

/**
 * Chooses a language for this browser. Listeners (the catalogs, the sign-in page) apply it;
 * nothing reloads.
 */
export function setLocale(locale: ConsoleLocale): void {
  if (locale === getLocale()) return;
  current = locale;
  writeStored(locale);
  markDocument(locale);
  listeners.forEach((listener) => listener());
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored();
    if (stored && stored !== current) {
      current = stored;
      markDocument(stored);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocale(): ConsoleLocale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}

/** For tests: forget the cached choice so the next read starts from storage and the browser. */
export function resetLocaleCache(): void {
  current = null;
}
