import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * One catalog per feature folder, one for the shared components and one for the shell (app, api,
 * lib, routes), so a feature's strings and its translations change together. Tests, the demo service and the test
 * helpers are not extracted: the demo service's words are the service's, shown as sent.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es-419', 'fr-CA', 'pseudo'],
  pseudoLocale: 'pseudo',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/components',
      include: ['<rootDir>/src/components/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: [
        '<rootDir>/src/app/',
        '<rootDir>/src/api/',
        '<rootDir>/src/config/',
        '<rootDir>/src/i18n/',
        '<rootDir>/src/lib/',
        '<rootDir>/src/routes/',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  // Origins without line numbers: a line moved elsewhere in a file does not rewrite the catalogs.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
