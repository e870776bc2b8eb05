import type { Messages } from '@lingui/core';
import { workerLanguage } from '@/i18n/worker-language';

/** The schedule workers' language: this feature's catalogs and the shell's (shared readers). */
export const activateWorkerLocale = workerLanguage(
  import.meta.glob<{ messages: Messages }>([
    '../../locales/*/dispatch.po',
    '../../locales/*/shell.po',
  ]),
);
