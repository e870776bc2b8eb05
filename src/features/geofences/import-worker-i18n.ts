import type { Messages } from '@lingui/core';
import { workerLanguage } from '@/i18n/worker-language';

/**
 * The import worker's language: this feature's catalogs, and the shell's for the shared readers
 * (`@/lib/decode-text`).
 */
export const activateWorkerLocale = workerLanguage(
  import.meta.glob<{ messages: Messages }>([
    '../../locales/*/geofences.po',
    '../../locales/*/shell.po',
  ]),
);
