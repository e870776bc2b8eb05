// Reports the JavaScript and CSS a first visit to /login downloads (raw and gzip), from the Vite
// manifest, and fails when it exceeds the budget or when map or demo-service code is part of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const distDir = process.argv[2] ?? 'dist';
/** Gzip budget for /login JavaScript; see README "Bundle budget" for the reasoning. */
const LOGIN_JS_BUDGET_KIB = Number(process.env.LOGIN_JS_BUDGET_KIB ?? 150);

const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

function collect(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKeys = Object.keys(manifest).filter((key) => /src\/routes\/login\.tsx/.test(key));
const files = collect(entryKey);
for (const key of loginKeys) collect(key, files);

let jsRaw = 0;
let jsGzip = 0;
let cssRaw = 0;
let cssGzip = 0;
const rows = [];
for (const file of files) {
  const content = readFileSync(join(distDir, file));
  const gzip = gzipSync(content, { level: 9 }).length;
  rows.push({ file, raw: content.length, gzip });
  if (file.endsWith('.js')) {
    jsRaw += content.length;
    jsGzip += gzip;
  } else if (file.endsWith('.css')) {
    cssRaw += content.length;
    cssGzip += gzip;
  }
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
console.log('\nLoaded by /login:');
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(
    `  ${row.file.padEnd(48)} ${kib(row.raw).padStart(8)} KiB  ${kib(row.gzip).padStart(7)} KiB gzip`,
  );
}
console.log(
  `  JavaScript: ${kib(jsRaw)} KiB raw, ${kib(jsGzip)} KiB gzip (budget ${LOGIN_JS_BUDGET_KIB} KiB gzip)`,
);
console.log(`  CSS:        ${kib(cssRaw)} KiB raw, ${kib(cssGzip)} KiB gzip\n`);

writeFileSync(
  join(distDir, 'login-bundle.json'),
  JSON.stringify({ jsRaw, jsGzip, cssRaw, cssGzip, files: rows }, null, 2),
);

const problems = [];
if (jsGzip / 1024 > LOGIN_JS_BUDGET_KIB) {
  problems.push(
    `/login JavaScript is ${kib(jsGzip)} KiB gzip, over the ${LOGIN_JS_BUDGET_KIB} KiB budget.`,
  );
}
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(join(distDir, file), 'utf8');
  if (/mockServiceWorker|setupWorker\(/.test(text))
    problems.push(`${file} carries the demo service (MSW).`);
  if (/leaflet/i.test(text) && /L\.map|\bTileLayer\b/.test(text))
    problems.push(`${file} carries Leaflet.`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`Bundle check failed: ${problem}`);
  process.exit(1);
}
