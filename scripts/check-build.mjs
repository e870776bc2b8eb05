// Checks a production build: reports the JavaScript and CSS a first visit to /login downloads
// (raw and gzip) and fails when it exceeds the budget; fails when map, video, spreadsheet or
// demo-service code loads on a route that does not use it, when index.html carries an inline
// script, or when anything that looks like a secret is in the shipped files.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  APP_SHELL_ROUTE_FILES,
  pageLoaderFiles,
  filesForRoute,
  kib,
  measureFiles,
  readManifest,
} from './bundle-sizes.mjs';

const distDir = process.argv[2] ?? 'dist';
/** Gzip budget for /login JavaScript; "Bundle budget" in docs/architecture.md explains it. */
const LOGIN_JS_BUDGET_KIB = Number(process.env.LOGIN_JS_BUDGET_KIB ?? 150);
/**
 * Raw size budget of the service worker's precache: the app shell only (about 1.2 MiB, 340 KiB
 * gzip on the wire). Every page's code would be 3.7 MB more, fetched on the first visit whether
 * used or not, and one file over Workbox's 2 MiB limit is left out silently (traccar-web #1228).
 */
const PRECACHE_BUDGET_KIB = Number(process.env.PRECACHE_BUDGET_KIB ?? 1536);

const manifest = readManifest(distDir);
const files = filesForRoute(manifest, ['src/routes/__root.tsx', 'src/routes/login.tsx']);
const login = measureFiles(distDir, files);

console.log('\nLoaded by /login:');
for (const row of login.rows) {
  console.log(
    `  ${row.file.padEnd(48)} ${kib(row.raw).padStart(8)} KiB  ${kib(row.gzip).padStart(7)} KiB gzip`,
  );
}
console.log(
  `  JavaScript: ${kib(login.jsRaw)} KiB raw, ${kib(login.jsGzip)} KiB gzip (budget ${LOGIN_JS_BUDGET_KIB} KiB gzip)`,
);
console.log(`  CSS:        ${kib(login.cssRaw)} KiB raw, ${kib(login.cssGzip)} KiB gzip\n`);
writeFileSync(join(distDir, 'login-bundle.json'), JSON.stringify(login, null, 2));

const problems = [];
if (login.jsGzip / 1024 > LOGIN_JS_BUDGET_KIB) {
  problems.push(
    `/login JavaScript is ${kib(login.jsGzip)} KiB gzip, over the ${LOGIN_JS_BUDGET_KIB} KiB budget.`,
  );
}
// Heavy code and the routes allowed to load it up front (others must not).
const heavyCode = [
  { what: 'the demo service (MSW)', pattern: /setupWorker\(|mockServiceWorker/, routes: [] },
  {
    what: 'Leaflet',
    pattern: /_leaflet_id|leaflet-container/,
    routes: ['geofences', 'vehicles/$vehicleId', 'events/$eventId', 'fleet-map', 'events/map'],
  },
  { what: 'the Excel reader', pattern: /sharedStrings\.xml/, routes: [] },
  // Registered after the signed-in shell's first paint, by a dynamic import.
  {
    what: 'the service worker registration (Workbox)',
    pattern: /messageSkipWaiting|SKIP_WAITING/,
    routes: [],
  },
];
const routeKeys = Object.keys(manifest)
  .map((key) => key.split('?')[0])
  .filter((key, index, all) => key.startsWith('src/routes/_auth/') && all.indexOf(key) === index);
const fileText = new Map();
const textOf = (file) => {
  if (!fileText.has(file)) fileText.set(file, readFileSync(join(distDir, file), 'utf8'));
  return fileText.get(file);
};
for (const routeFile of ['src/routes/login.tsx', ...routeKeys]) {
  const routeName = routeFile.replace('src/routes/_auth/', '').replace(/(\/index)?\.tsx$/, '');
  const routeFiles = ['src/routes/__root.tsx', 'src/routes/_auth.tsx', routeFile];
  for (const file of filesForRoute(manifest, routeFiles)) {
    if (!file.endsWith('.js')) continue;
    for (const { what, pattern, routes: allowed } of heavyCode) {
      if (!allowed.some((route) => routeName.startsWith(route)) && pattern.test(textOf(file))) {
        problems.push(`${file} carries ${what} but is loaded up front by ${routeFile}.`);
      }
    }
  }
}

// The service worker's precache: the app shell and the pages' small loader chunks, never a
// page's own code, and small.
const precached = readPrecache();
const shellFiles = new Set([
  ...filesForRoute(manifest, APP_SHELL_ROUTE_FILES),
  ...pageLoaderFiles(manifest),
]);
let precacheBytes = 0;
for (const url of precached) {
  let size;
  try {
    size = statSync(join(distDir, url)).size;
  } catch {
    problems.push(`sw.js precaches ${url}, which the build does not have.`);
    continue;
  }
  precacheBytes += size;
  if (url.startsWith('assets/') && !shellFiles.has(url))
    problems.push(`sw.js precaches ${url}, which is not the app shell's (a page's code).`);
}
for (const routeFile of routeKeys) {
  for (const [key, chunk] of Object.entries(manifest)) {
    // A page's loader chunk is kept on purpose (pageLoaderFiles); its component code is not.
    if (
      (key === routeFile || key.startsWith(`${routeFile}?`)) &&
      !key.endsWith('?tsr-split=loader') &&
      precached.includes(chunk.file)
    )
      problems.push(`sw.js precaches ${chunk.file}, the code of ${routeFile}.`);
  }
}
for (const needed of ['index.html', 'static-sign-in.js']) {
  if (!precached.includes(needed)) problems.push(`sw.js does not precache ${needed}.`);
}
if (precached.includes('config.json')) problems.push('sw.js precaches config.json.');
console.log(
  `Precached by sw.js: ${precached.length} files, ${kib(precacheBytes)} KiB raw (budget ${PRECACHE_BUDGET_KIB} KiB)\n`,
);
if (precacheBytes / 1024 > PRECACHE_BUDGET_KIB) {
  problems.push(
    `The precache is ${kib(precacheBytes)} KiB, over the ${PRECACHE_BUDGET_KIB} KiB budget.`,
  );
}

/** The URLs of sw.js's precache manifest (Workbox writes it as `{url:"…",revision:…}` items). */
function readPrecache() {
  let worker;
  try {
    worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  } catch {
    problems.push('The build has no sw.js.');
    return [];
  }
  return [...worker.matchAll(/\{url:"([^"]+)",revision:(?:null|"[^"]*")\}/g)].map(
    (match) => match[1],
  );
}

const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
// A JSON data block (the sign-in words) is not run, so the CSP's script-src does not apply to it.
if (/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>/.test(indexHtml))
  problems.push('index.html has an inline script.');
if (!indexHtml.includes('Content-Security-Policy'))
  problems.push('index.html has no Content-Security-Policy.');

// Shapes of real credentials; the demo accounts are public by design and not matched here.
const secretPatterns = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/\bAKIA[0-9A-Z]{16}\b/, 'an AWS access key'],
  [/\bgh[pousr]_[A-Za-z0-9]{36}\b/, 'a GitHub token'],
  [/\bsk_live_[A-Za-z0-9]{16,}/, 'a Stripe key'],
  [/\bxox[baprs]-[A-Za-z0-9-]{10,}/, 'a Slack token'],
  [/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, 'a JSON web token'],
  [/\/(?:home|Users|root|work)\/[A-Za-z0-9._-]+\/[A-Za-z0-9._/-]+/, 'a path of the build machine'],
];
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
for (const path of walk(distDir)) {
  if (!/\.(js|css|html|json|txt|webmanifest)$/.test(path) || path.endsWith('.map')) continue;
  const text = readFileSync(path, 'utf8');
  for (const [pattern, what] of secretPatterns) {
    if (pattern.test(text))
      problems.push(`${relative(distDir, path)} contains what looks like ${what}.`);
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`Bundle check failed: ${problem}`);
  process.exit(1);
}
