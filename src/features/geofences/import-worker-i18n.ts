import { i18n, type Messages } from '@lingui/core';
import { setLocale, type ConsoleLocale } from '@/i18n/locale';
import { registerTranslator } from '@/i18n/translate';

/**
 * The import worker's own copy of the page's language. A worker shares no modules with the page,
 * so the refusals it words (file, placemark and outline problems) come from the catalogs it loads
 * here: this feature's, and the shell's for the shared readers (`@/lib/decode-text`). Numbers follow
 * the same language (`setLocale`: the worker has no storage to read the choice from).
 */
const catalogFiles = import.meta.glob<{ messages: Messages }>([
  '../../locales/*/geofences.po',
  '../../locales/*/shell.po',
]);

let loading: { locale: ConsoleLocale; done: Promise<void> } | null = null;

export function activateWorkerLocale(locale: ConsoleLocale): Promise<void> {
  if (loading?.locale === locale) return loading.done;
  const done = Promise.all(
    Object.entries(catalogFiles)
      .filter(([path]) => path.startsWith(`../../locales/${locale}/`))
      .map(([, load]) => load()),
  ).then((catalogs) => {
    i18n.loadAndActivate({
      locale,
      messages: Object.assign({}, ...catalogs.map((catalog) => catalog.messages)),
    });
    setLocale(locale);
    registerTranslator((descriptor) => i18n._(descriptor));
  });
  // A failed load (a redeploy replaced the files) is tried again on the next request.
  done.catch(() => {
    if (loading?.done === done) loading = null;
  });
  loading = { locale, done };
  return done;
}
