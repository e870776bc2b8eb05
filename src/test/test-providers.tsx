import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { i18n } from '@/i18n/catalogs';

/** What every page has around it: Mantine (without transitions) and the language, English here. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </MantineProvider>
  );
}
