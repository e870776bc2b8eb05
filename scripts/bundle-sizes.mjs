// What each route downloads on a first visit, read from the Vite manifest: the entry's static
// imports, then the split chunks of the route files on the way to the page (layout and page).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function readManifest(distDir) {
  return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
}

function collect(manifest, key, files, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, seen);
}

/**
 * Files for a route, given the route source files on its path, e.g.
 * ['src/routes/_auth.tsx', 'src/routes/_auth/vehicles/index.tsx'].
 */
export function filesForRoute(manifest, routeFiles) {
  const files = new Set();
  const seen = new Set();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  collect(manifest, entryKey, files, seen);
  for (const routeFile of routeFiles) {
    for (const key of Object.keys(manifest)) {
      if (key === routeFile || key.startsWith(`${routeFile}?`)) collect(manifest, key, files, seen);
    }
  }
  return files;
}

/**
 * The route files whose code draws the sign-in page and the signed-in shell (navigation, header,
 * the loading page): with the entry, the app shell the service worker precaches (vite.config.ts)
 * and check-build.mjs holds it to.
 */
export const APP_SHELL_ROUTE_FILES = [
  'src/routes/__root.tsx',
  'src/routes/login.tsx',
  'src/routes/_auth.tsx',
];

/**
 * Each page's loader chunk on its own (a few KiB in all): the router imports it as a page opens,
 * and the pages' code preloaded at idle does not include it, so the worker keeps them with the
 * shell, or a page whose code was used could not open offline.
 */
export function pageLoaderFiles(manifest) {
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => key.endsWith('?tsr-split=loader'))
      .map(([, chunk]) => chunk.file),
  );
}

export function measureFiles(distDir, files) {
  const totals = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 };
  const rows = [];
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    const gzip = gzipSync(content, { level: 9 }).length;
    rows.push({ file, raw: content.length, gzip });
    if (file.endsWith('.js')) {
      totals.jsRaw += content.length;
      totals.jsGzip += gzip;
    } else if (file.endsWith('.css')) {
      totals.cssRaw += content.length;
      totals.cssGzip += gzip;
    }
  }
  return { ...totals, rows: rows.sort((a, b) => b.gzip - a.gzip) };
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
