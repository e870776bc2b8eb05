import { i18n } from '@lingui/core';

/**
 * The locale for numbers and dates inside the file's and the rows' problems: the language Lingui
 * writes them in. They are written in a worker, where the page's choice reaches Lingui only (see
 * worker-locale.ts), so the shared getFormatLocale() would read the browser's languages instead.
 */
export function messageLocale(): string {
  const locale = i18n.locale;
  return !locale || locale === 'pseudo' ? 'en' : locale;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in a message, with its language's separators: "10,000", "10 000". */
export function formatMessageNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const locale = messageLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
