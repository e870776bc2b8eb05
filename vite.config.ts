/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { DEFAULT_THEME } from '@mantine/core';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  APP_SHELL_ROUTE_FILES,
  filesForRoute,
  pageLoaderFiles,
  readManifest,
} from './scripts/bundle-sizes.mjs';
import { theme } from './src/app/theme';
import { signInTranslations } from './src/features/auth/sign-in-translations';
import { englishSignInWords, SIGN_IN_WORDS_ELEMENT_ID } from './src/features/auth/sign-in-words';

// The browser usually cannot call the service directly (CORS). In live mode the default
// public/config.json paths (/service/…) are forwarded here; a reverse proxy does the same in
// production (see docs/operating.md and deploy/). FLEET_SERVICE_URL sends every one of them to
// another service instead, e.g. the demo service over HTTP (npm run service).
const serviceUrl = process.env.FLEET_SERVICE_URL;
const serviceProxy: Record<string, ProxyOptions> = {
  '/service/login': {
    target: serviceUrl ?? 'https://login.lytx.com',
    rewrite: stripPrefix('/service/login'),
  },
  '/service/api': {
    target: serviceUrl ?? 'https://api.lytx.com',
    rewrite: stripPrefix('/service/api'),
  },
  ...Object.fromEntries(
    ['prod2.ph', 'prod5.ph', 'prod6.lv', 'prod7.lv', 'prod8.lv'].map((pod) => [
      `/service/ecm/${pod}`,
      {
        target: serviceUrl ?? `https://lytx-api.${pod}.lytx.com`,
        rewrite: stripPrefix(`/service/ecm/${pod}`),
      },
    ]),
  ),
};

function stripPrefix(prefix: string) {
  return (path: string) => path.slice(prefix.length) || '/';
}

for (const options of Object.values(serviceProxy)) {
  options.changeOrigin = true;
  options.secure = true;
}

/** The console's primary colour (src/app/theme.ts) as the installed app's title bar colour. */
const THEME_COLOR =
  DEFAULT_THEME.colors[theme.primaryColor ?? 'blue']?.[8] ?? DEFAULT_THEME.colors.blue[8];

/**
 * The production build's Content-Security-Policy, as a meta tag so it holds on any static host.
 * Service and tile hosts come from config.json at run time, hence https: for connect and images.
 * Styles need 'unsafe-inline': Mantine and Leaflet set style attributes and CSS variables.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' https:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'fleet-console-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}" />`,
      ),
  };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * The sign-in page's words in every language, written into index.html: the form it draws before
 * the app holds each text in every language (an element marked `data-words="key"`; the page's
 * `lang`, set by static-sign-in.js, shows one), and the JSON the script and the app's sign-in
 * page read the others from. No translation library loads with the first page.
 */
function signInWordsPlugin(): Plugin {
  const words = { en: englishSignInWords, ...signInTranslations };
  return {
    name: 'fleet-console-sign-in-words',
    transformIndexHtml: (html) =>
      html
        .replace(
          /(<(\w+)\b[^>]*\sdata-words="(\w+)"[^>]*>)[\s\S]*?(<\/\2>)/g,
          (_whole, open: string, _tag: string, key: string, close: string) => {
            if (!(key in englishSignInWords))
              throw new Error(`index.html names an unknown word: ${key}`);
            const spans = Object.entries(words).map(
              ([locale, localeWords]) =>
                `<span lang="${locale}">${escapeHtml(localeWords[key as keyof typeof englishSignInWords])}</span>`,
            );
            return `${open}${spans.join('')}${close}`;
          },
        )
        .replace(
          '<script src="/static-sign-in.js"></script>',
          `<script type="application/json" id="${SIGN_IN_WORDS_ELEMENT_ID}">${JSON.stringify(words).replace(/</g, '\\u003c')}</script>\n    <script src="/static-sign-in.js"></script>`,
        ),
  };
}

/**
 * The sign-in page is every visit's first page: its route chunks (and config.json) are fetched
 * beside the main script instead of after it has run, so the first paint does not wait on a
 * chain of requests.
 */
function preloadSignInPlugin(): Plugin {
  return {
    name: 'fleet-console-preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const bundle = context.bundle ?? {};
        const signInChunks = Object.values(bundle).filter(
          (output) =>
            output.type === 'chunk' &&
            !!output.facadeModuleId?.includes('/src/routes/login.tsx') &&
            output.isDynamicEntry,
        );
        const files = new Set<string>();
        const collect = (fileName: string) => {
          const output = bundle[fileName];
          if (!output || output.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          output.imports.forEach(collect);
        };
        signInChunks.forEach((chunk) => collect(chunk.fileName));
        const entryImports = new Set(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' && output.isEntry ? [output.fileName, ...output.imports] : [],
          ),
        );
        return [
          {
            tag: 'link' as const,
            attrs: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
          ...[...files]
            .filter((file) => !entryImports.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', href: `/${file}`, crossorigin: '' },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * `vite preview` (the demo, and the build the journeys run) caches the hashed files under
 * /assets/ for a year, as deploy/'s nginx template does; Vite's own default made the browser ask
 * again for every script on every load.
 */
function immutableAssetsInPreviewPlugin(): Plugin {
  return {
    name: 'fleet-console-preview-immutable-assets',
    configurePreviewServer: (server) => {
      server.middlewares.use((request, response, next) => {
        // The file server keeps a Cache-Control header already set.
        if (request.url?.startsWith('/assets/')) {
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
        next();
      });
    },
  };
}

/**
 * Code whose messages can show before the catalogs have loaded (see src/i18n/translate.ts): the
 * start-up error page and the router's not-found, error and pending pages, which can show on the
 * sign-in page. Their messages keep their English text for that moment. Every other message is
 * looked up by its id alone: the signed-in pages load the catalogs first, and the sign-in page
 * waits for them to word a failure (the English would cost it 1.2 KiB it does not have).
 */
const signInPathCode =
  /\/src\/(config|i18n)\/|\/src\/app\/(not-found-page|route-error-view|startup-error-page)\.tsx|\/src\/components\/page-loader\.tsx|\/src\/main\.tsx/;

/**
 * Lingui's macros (`t`, `msg`, `<Trans>`, `plural`) turned into catalog lookups, by Babel (Vite 8's
 * own transform has no macros), only in files that use them.
 */
function linguiMacros(
  options: { stripMessageField?: boolean },
  include: RegExp | RegExp[],
  exclude?: RegExp,
) {
  return babel({
    include,
    exclude: exclude ? [/[\\/]node_modules[\\/]/, exclude] : [/[\\/]node_modules[\\/]/],
    presets: [
      {
        preset: { plugins: [['@lingui/babel-plugin-lingui-macro', options]] },
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      },
    ],
    sourceMap: true,
  });
}

/** The macros and the catalogs, for the page and (separately bundled) for its workers. */
function translationPlugins() {
  return [
    linguiMacros({ stripMessageField: false }, signInPathCode),
    linguiMacros({}, /\.[jt]sx?($|\?)/, signInPathCode),
    // A catalog missing a translation fails the build (the pseudo-locale is made, not translated).
    lingui({ failOnMissing: true, failOnCompileError: true }),
  ];
}

/**
 * The web app manifest and the console's service worker (sw.js, Workbox), in live mode only
 * (src/app/service-worker.ts registers it; the demo has its own worker). The worker precaches
 * only the app shell, about 1.1 MiB (340 KiB compressed), not the pages' 3.7 MB: a page's code is
 * cached as it is first used. Pages are always asked of the network first, so a redeploy is never hidden behind an old
 * index.html; the cached one is for when the network is gone or too slow. It caches nothing of
 * the service (answers, videos, evidence packets, exports): only the app's own files.
 */
function serviceWorkerPlugins(): Plugin[] {
  let outDir = 'dist';
  const findOutDir: Plugin = {
    name: 'fleet-console-service-worker-out-dir',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
  };
  return [
    findOutDir,
    ...VitePWA({
      strategies: 'generateSW',
      // src/app/service-worker.ts registers it, after the signed-in shell's first paint.
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        name: 'Fleet Console',
        short_name: 'Fleet',
        description: 'Administration for a fleet video-telematics service',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        // Relative to the manifest, which is at the build's base; the scope is that base too.
        start_url: '.',
        icons: [
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'static-sign-in.js', 'favicon.svg', 'assets/*.{js,css}'],
        // Hashed names need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        // Only the shell's files of assets/: every other chunk is a page's, cached when used.
        manifestTransforms: [
          (entries) => {
            const manifest = readManifest(outDir);
            const shell = new Set([
              ...filesForRoute(manifest, APP_SHELL_ROUTE_FILES),
              ...pageLoaderFiles(manifest),
            ]);
            return {
              manifest: entries.filter(
                (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
              ),
              warnings: [],
            };
          },
        ],
        // No catch-all page route: pages go to the network first (below).
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        cacheId: 'fleet-console',
        // One file to serve uncached (deploy/), rather than sw.js and Workbox's own beside it.
        inlineWorkboxRuntime: true,
        // The page asks for the update (src/app/service-worker.ts), when no work would be lost.
        skipWaiting: false,
        clientsClaim: true,
        sourcemap: false,
        runtimeCaching: [
          {
            // The app's pages: index.html from the network; when it fails or is slow, the last
            // one it gave (kept under one name, whichever page asked), or the installed
            // version's. Not the service's addresses, nor files (a video or an export in a tab).
            urlPattern: ({ request, url, sameOrigin }) => {
              const scope = new URL('.', self.location.href).pathname;
              const path = url.pathname.slice(scope.length);
              return (
                request.mode === 'navigate' &&
                sameOrigin &&
                url.pathname.startsWith(scope) &&
                !/^(service|__service|demo-media|assets)(\/|$)/.test(path) &&
                !/\.\w+$/.test(path)
              );
            },
            handler: 'NetworkFirst',
            options: {
              cacheName: 'fleet-console-pages',
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // A worker unregistered at sign-out serves its pages until they unload: it
                  // must not fill the caches the sign-out removed (its precache is gone then).
                  cacheWillUpdate: async ({ response }) =>
                    (await caches.keys()).some((name) => name.startsWith('fleet-console-precache'))
                      ? response
                      : null,
                },
                {
                  cacheKeyWillBeUsed: () =>
                    Promise.resolve(new URL('index.html', self.location.href).href),
                },
              ],
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
          {
            // The deployment's configuration: the network's, or the last one read when offline.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && url.pathname === new URL('config.json', self.location.href).pathname,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'fleet-console-config',
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // A worker unregistered at sign-out serves its pages until they unload: it
                  // must not fill the caches the sign-out removed (its precache is gone then).
                  cacheWillUpdate: async ({ response }) =>
                    (await caches.keys()).some((name) => name.startsWith('fleet-console-precache'))
                      ? response
                      : null,
                },
              ],
            },
          },
          {
            // Hashed build files never change under their name: pages' code, styles, images (not
            // the source maps, for developer tools only).
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              url.pathname.startsWith(new URL('assets/', self.location.href).pathname) &&
              !url.pathname.endsWith('.map'),
            handler: 'CacheFirst',
            options: {
              // One cache per build: the page removes older builds' (src/app/service-worker.ts).
              cacheName: ASSETS_CACHE,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // A worker unregistered at sign-out serves its pages until they unload: it
                  // must not fill the caches the sign-out removed (its precache is gone then).
                  cacheWillUpdate: async ({ response }) =>
                    (await caches.keys()).some((name) => name.startsWith('fleet-console-precache'))
                      ? response
                      : null,
                },
              ],
            },
          },
        ],
      },
    }),
  ];
}

/**
 * The worker's cache of the pages' code, named per build: Workbox's expiration would keep a
 * database of its own (which a sign-out could not remove while the worker runs), so the page
 * removes older builds' caches instead.
 */
const ASSETS_CACHE = `fleet-console-assets-${Date.now().toString(36)}`;

/** Tests that read the vendor's mock rather than the demo service (see the `vendor` project). */
const vendorTests = 'src/**/*.vendor.test.ts';

export default defineConfig({
  define: { 'import.meta.env.CONSOLE_ASSETS_CACHE': JSON.stringify(ASSETS_CACHE) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      // Loaders import the API modules (and zod); split them too so no page's code loads with /login.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['errorComponent'],
          ['notFoundComponent'],
          ['pendingComponent'],
        ],
      },
    }),
    react(),
    ...translationPlugins(),
    contentSecurityPolicyPlugin(),
    signInWordsPlugin(),
    preloadSignInPlugin(),
    immutableAssetsInPreviewPlugin(),
    ...serviceWorkerPlugins(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: serviceProxy },
  preview: {
    proxy: serviceProxy,
    // Headers a meta tag cannot carry; production servers should send the same (docs/security.md).
    headers: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    },
  },
  // Module workers (every worker here starts with type: 'module'), so a worker's own dynamic
  // imports stay separate chunks: the dispatch upload loads the Excel reader only for a workbook.
  // Workers get none of the plugins above: those that write messages (the dispatch checks, the
  // geofence import's refusals) need the macros and the catalogs too.
  worker: { format: 'es', plugins: translationPlugins },
  build: {
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The sign-in page's route with everything it imports (Rolldown takes a group's
        // dependencies along) in one chunk: split automatically, they were twenty small files,
        // and a browser fetches six at a time from one host, so the form waited on rounds of them.
        codeSplitting: {
          groups: [
            { name: 'sign-in', test: /\/src\/routes\/login\.tsx\?tsr-split=component$/ },
            // The small modules the first page shares with the others (formats, the language,
            // stored values): one chunk rather than one each, since each file costs a request
            // and its own compression.
            // Mantine's core and the few components the first page's shell uses (the pending
            // screen, the error views): one chunk rather than five, each with its own request.
            {
              name: 'mantine-basics',
              test: /\/node_modules\/(clsx\/|react-dom\/(index|cjs\/react-dom\.production)|@mantine\/core\/esm\/core\/(Box|InlineStyles|MantineProvider|factory|utils|styles-api)\/|@mantine\/core\/esm\/components\/(Button|CloseButton|Group|Loader|Text|Transition|UnstyledButton)\/|@mantine\/hooks\/esm\/use-(did-update|id|isomorphic-effect|media-query|reduced-motion)\/)/,
            },
            {
              name: 'shared-basics',
              test: /\/src\/(lib\/(format|local-date|search-params|stored-json|guid|display-preferences)|i18n\/(locale|translate))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Most tests are logic and need no browser; those that do say so in their first line
    // (`// @vitest-environment jsdom`), which spares the rest a jsdom each.
    environment: 'node',
    globals: true,
    css: false,
    restoreMocks: true,
    // A guard against a hung test, not a speed check: the longest form journeys in jsdom take
    // 5–10 s alone and passed 15 s on a two-core machine busy with other builds.
    testTimeout: 30000,
    // expect.poll likewise: a message between two "tabs" or a worker's answer can take longer
    // than the default second on a loaded machine.
    expect: { poll: { timeout: 5000 } },
    // Vitest leaves a core to itself by default, which on two cores means one test file at a
    // time; the files wait mostly on their own setup, so two at once finish a third sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads rather than processes: the same run took an eighth less CPU.
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          setupFiles: ['src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [vendorTests],
          // A worker keeps its loaded modules from file to file instead of importing the setup's
          // testing library, MSW and handlers again for each: the run took 95 s instead of 164 s.
          // Every file resets what it shares (setup.ts: the demo service, storage, MSW handlers,
          // the DOM) and the suite passes with its files shuffled.
          isolate: false,
          // As the journeys: on CI a test that fails is run once more, and a pass on the second
          // try is reported as flaky. Two jsdom router tests have failed once each under load.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        // The console's readers against the vendor's mock (Prism on the OpenAPI files), started
        // once for the run; without the demo service's MSW, which would answer in its place.
        extends: true,
        test: {
          name: 'vendor',
          include: [vendorTests],
          globalSetup: ['src/test/vendor-mock-setup.ts'],
        },
      },
    ],
  },
});
