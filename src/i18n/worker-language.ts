import { i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { setLocale, type ConsoleLocale } from './locale';
import { registerTranslator } from './translate';

/** A worker's catalogs, from its own `import.meta.glob` of the `.po` files it words from. */
type CatalogFiles = Record<string, () => Promise<{ messages: Messages }>>;

/**
 * A worker's own copy of the page's language. A worker shares no modules with the page, so the
 * page names its language in each request, and the worker loads these catalogs for it before it
 * words a message (a file's or a row's problems, an outline refused). Numbers and dates follow
 * the same language (`setLocale`: a worker has no storage to read the choice from).
 */
export function workerLanguage(
  catalogFiles: CatalogFiles,
): (locale: ConsoleLocale) => Promise<void> {
  let loading: { locale: ConsoleLocale; done: Promise<void> } | null = null;
  return (locale) => {
    if (loading?.locale === locale) return loading.done;
    const done = Promise.all(
      Object.entries(catalogFiles)
        .filter(([path]) => path.includes(`/locales/${locale}/`))
        .map(([, load]) => load()),
    ).then((catalogs) => {
      i18n.loadAndActivate({
        locale,
        // The pseudo-locale's plurals and numbers are English ones, as on the page.
        locales: locale === 'pseudo' ? 'en' : locale,
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
  };
}

/**
 * A failure message from a worker; the page shows its own translation of it, so English (or the
 * descriptor's id) is enough when the catalogs themselves could not load.
 */
export function workerFailureText(descriptor: MessageDescriptor): string {
  return i18n.locale ? i18n._(descriptor) : (descriptor.message ?? descriptor.id);
}
