import { i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import type { ConsoleLocale } from '@/i18n/locale';
import { registerTranslator } from '@/i18n/translate';

/**
 * A worker has its own Lingui and its own idea of the language, which the page's choice does not
 * reach: the page names its language in each request, and the worker loads this feature's and
 * the shell's catalogs for it before it writes a message (a file's problems, a row's).
 */
const catalogFiles = import.meta.glob<{ messages: Messages }>([
  '../../locales/*/dispatch.po',
  '../../locales/*/shell.po',
]);

let activeLocale: ConsoleLocale | null = null;

export async function activateWorkerLocale(locale: ConsoleLocale): Promise<void> {
  if (activeLocale === locale) return;
  const catalogs = await Promise.all(
    Object.entries(catalogFiles)
      .filter(([path]) => path.startsWith(`../../locales/${locale}/`))
      .map(([, load]) => load()),
  );
  i18n.loadAndActivate({
    locale,
    // The pseudo-locale's plurals and numbers are English ones, as on the page.
    locales: locale === 'pseudo' ? 'en' : locale,
    messages: Object.assign({}, ...catalogs.map((catalog) => catalog.messages)),
  });
  registerTranslator((descriptor) => i18n._(descriptor));
  activeLocale = locale;
}

/**
 * A failure message from the worker; the page shows its own translation of it, so English (or
 * the descriptor's id) is enough when the catalogs themselves could not load.
 */
export function workerFailureText(descriptor: MessageDescriptor): string {
  return i18n.locale ? i18n._(descriptor) : (descriptor.message ?? descriptor.id);
}
