import { I18nProvider } from '@lingui/react';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { dayjsLocaleOf, i18n } from './catalogs';
import { useLocale } from './locale';

/**
 * The chosen language for every page: Lingui's messages and Mantine's date pickers (month and
 * day names, the first day of the week). A new choice redraws both without a reload.
 */
export function ConsoleI18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <I18nProvider i18n={i18n}>
      <DatesProvider settings={{ locale: dayjsLocaleOf(locale) }}>{children}</DatesProvider>
    </I18nProvider>
  );
}
