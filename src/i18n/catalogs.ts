import { i18n, type Messages } from '@lingui/core';
import { getLocale, subscribeLocale, type ConsoleLocale } from './locale';
import { registerTranslator } from './translate';

/**
 * Each locale's compiled catalogs (one per feature, see lingui.config.ts), loaded when the
 * language is first used: a person downloads only their own language.
 */
const catalogFiles = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

function catalogsOf(locale: ConsoleLocale) {
  return Object.entries(catalogFiles)
    .filter(([path]) => path.startsWith(`../locales/${locale}/`))
    .map(([, load]) => load);
}

/** dayjs's name for each language (Mantine's date pickers use dayjs). */
const dayjsLocales: Record<ConsoleLocale, string> = {
  en: 'en',
  'es-419': 'es-mx',
  'fr-CA': 'fr-ca',
  pseudo: 'en',
};

export function dayjsLocaleOf(locale: ConsoleLocale): string {
  return dayjsLocales[locale];
}

const dayjsLocaleFiles: Partial<Record<ConsoleLocale, () => Promise<unknown>>> = {
  'es-419': () => import('dayjs/locale/es-mx.js'),
  'fr-CA': () => import('dayjs/locale/fr-ca.js'),
};

/**
 * The pseudo-locale's messages a third longer, as French and Spanish run: each vowel doubled in
 * every text part of a compiled message (a list of text parts and placeholders, where a plural's
 * or select's choices are messages again).
 */
function lengthened(message: unknown): unknown {
  if (typeof message === 'string') {
    return message.replace(/[aeiouyàáâäāăąèéêëēĕėęěìíîïĩīĭįòóôöōŏőùúûüũūŭůűųŷ]/gi, '$&$&');
  }
  if (!Array.isArray(message)) return message;
  return message.map((part: unknown) => {
    if (!Array.isArray(part)) return lengthened(part);
    const [name, kind, choices] = part as [unknown, unknown, unknown];
    if (typeof choices !== 'object' || choices === null) return part;
    return [
      name,
      kind,
      Object.fromEntries(Object.entries(choices).map(([key, value]) => [key, lengthened(value)])),
    ];
  });
}

const loaded = new Map<ConsoleLocale, Promise<void>>();

function load(locale: ConsoleLocale): Promise<void> {
  let loading = loaded.get(locale);
  if (!loading) {
    loading = Promise.all([
      Promise.all(catalogsOf(locale).map((loadCatalog) => loadCatalog())),
      dayjsLocaleFiles[locale]?.(),
    ]).then(([catalogs]) => {
      const messages: Messages = Object.assign({}, ...catalogs.map((catalog) => catalog.messages));
      i18n.load(
        locale,
        locale === 'pseudo'
          ? Object.fromEntries(
              Object.entries(messages).map(([id, message]) => [id, lengthened(message) as string]),
            )
          : messages,
      );
    });
    // A failed load (offline, a redeploy) is tried again on the next ask.
    loading.catch(() => loaded.delete(locale));
    loaded.set(locale, loading);
  }
  return loading;
}

let following = false;

/**
 * Loads and activates the chosen language's catalogs, and from then on follows the choice: a new
 * language loads, then applies without a reload (`I18nProvider` redraws what it shows).
 */
export async function activateChosenLocale(): Promise<void> {
  const locale = getLocale();
  await load(locale);
  // A later choice that loaded first wins.
  if (getLocale() !== locale) return;
  if (i18n.locale !== locale) i18n.activate(locale);
  registerTranslator((descriptor) => i18n._(descriptor));
  if (!following) {
    following = true;
    subscribeLocale(() => {
      void activateChosenLocale();
    });
  }
}

export { i18n };
