import { getFormatLocale } from '@/i18n/locale';

const textCollators = new Map<string, Intl.Collator>();

/**
 * Compares names and other text people read as the chosen language sorts them ("Ñandú" after
 * "Nube" in Spanish), accents and case aside ("Gómez" beside "Gomez", "émile" beside "Emma"), and
 * numbers by value ("Truck 9" before "Truck 10").
 */
export function compareText(a: string, b: string): number {
  const locale = getFormatLocale();
  let collator = textCollators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    textCollators.set(locale, collator);
  }
  return collator.compare(a, b);
}
