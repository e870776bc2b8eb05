import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers import one way: routes and app → features → components → api → lib → config.
// Each layer may import those to its right, never those to its left: lib stays pure (no HTTP, no
// query cache) and api holds no UI, so any layer can be read and tested without the ones above it.
const SRC_LAYERS = [
  './src/api',
  './src/app',
  './src/components',
  './src/config',
  './src/features',
  './src/lib',
  './src/routes',
];

/**
 * What a feature may import from another, where one is built on another; any other import between
 * features fails. Nothing imports these back.
 */
const FEATURE_IMPORTS = {
  // The overview lists safety events: their times read the events area's one way.
  overview: ['./events/event-format.ts'],
  // Scorecards are built on safety events: they reuse the events area's lookups and formatting.
  scorecards: ['./events'],
};

// One zone per feature folder, so a new feature is held to the rule the day it is added.
const featureZones = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...(FEATURE_IMPORTS[name] ?? [])],
    message: 'Features do not import each other: move what both need into components, api or lib.',
  }));

const layerZones = [
  ...featureZones,
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message:
      'Features never import the app shell or a route: the route hands a feature what it needs (props), and shared pieces live in components.',
  },
  {
    target: ['./src/components', './src/api', './src/config', './src/lib'],
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Shared code never imports a feature, the app shell or a route.',
  },
  {
    target: ['./src/api', './src/lib'],
    from: './src/components',
    message: 'API and lib code hold no UI: move what both need into src/api or src/lib.',
  },
  {
    target: './src/lib',
    from: './src/api',
    message: 'src/lib is pure: code that reads the service or needs its types belongs in src/api.',
  },
  {
    target: './src/config',
    from: './src',
    except: ['./config'],
    message: 'The runtime config is read first and depends on nothing else in src.',
  },
];

// The demo service is started only by main.tsx; tests and test helpers use it directly.
const mocksZone = {
  target: SRC_LAYERS,
  from: './src/mocks',
  message: 'Only main.tsx, src/test and tests import the demo service.',
};

const zodImport = {
  name: 'zod',
  message: "Import z from '@/api/zod' (configured to work under the CSP).",
};

export default tseslint.config(
  {
    ignores: [
      // Builds of every kind (demo, e2e per port, bench, live, screenshots, the HTTP service).
      'dist',
      'dist-*',
      '.live-stack',
      'node_modules',
      'public/mockServiceWorker.js',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A value that may be missing is narrowed, or the code says what happens without it.
      '@typescript-eslint/no-non-null-assertion': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      // One order, so a reader finds an import where they expect it and merges do not clash on
      // it: packages, then '@/…', then relative paths, each alphabetical.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, mocksZone] }],
      'no-restricted-imports': ['error', { paths: [zodImport] }],
    },
    settings: {
      'import-x/resolver': { typescript: { project: './tsconfig.app.json' }, node: true },
    },
  },
  {
    // One spelling of names, as the code is imported: kebab-case files and folders. The router's
    // file routes keep their own marks ($param, _layout, __root), which name what they do.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'e2e-*/**/*.ts'],
    ignores: ['src/routes/**', 'src/routeTree.gen.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/api/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests may start the demo service; the layer zones still hold for them.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    // Queries and their cache belong to src/api; lib is plain functions and browser glue.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            zodImport,
            {
              name: '@tanstack/react-query',
              message: 'src/lib is pure: queries and their hooks belong in src/api.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/routes/**/*.tsx'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // A test that finds nothing where it expects something fails at the `!` anyway.
    files: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'e2e-*/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Node scripts; the benchmark also passes functions to run in the page.
    files: ['scripts/**/*.mjs', '*.config.{js,cjs,ts}', 'postcss.config.cjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The demo's service worker runs in the worker scope, not a page.
    files: ['public/demo-service-worker.js'],
    languageOptions: { globals: globals.serviceworker },
  },
);
