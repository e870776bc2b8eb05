// Reports the JavaScript and CSS a first visit to /login downloads (raw and gzip) and fails when
// it exceeds the budget, or when map, video, spreadsheet or demo-service code is part of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesForRoute, kib, measureFiles, readManifest } from './bundle-sizes.mjs';

const distDir = process.argv[2] ?? 'dist';
/** Gzip budget for /login JavaScript; README "Bundle budget" explains the figure. */
const LOGIN_JS_BUDGET_KIB = Number(process.env.LOGIN_JS_BUDGET_KIB ?? 150);

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
// Markers of code that belongs to other routes only.
const forbidden = [
  [/setupWorker\(|mockServiceWorker/, 'the demo service (MSW)'],
  [/leaflet-container|L\.Map\b|_leaflet_id/, 'Leaflet'],
  [/read-excel-file|sharedStrings\.xml/, 'the Excel reader'],
  [/\bMediaSource\b|createObjectURL\(/, 'video playback code'],
];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(join(distDir, file), 'utf8');
  for (const [pattern, what] of forbidden) {
    if (pattern.test(text)) problems.push(`${file} (loaded by /login) carries ${what}.`);
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`Bundle check failed: ${problem}`);
  process.exit(1);
}
