#!/usr/bin/env node
// Draws the installed app's PNG icons (public/icons/) from public/favicon.svg with the browser the
// journeys use: no image library to install. Run again after changing the favicon.
//
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './find-chromium.mjs';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const icons = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  // A maskable icon's platform may crop it to a circle: the drawing keeps to the middle 80%, on
  // the favicon's own blue.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.12 },
];
for (const { file, size, padding } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inset = Math.round(size * padding);
  await page.setContent(
    `<body style="margin:0;background:${padding ? '#1c7ed6' : 'transparent'}">` +
      `<div style="padding:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">` +
      svg.replace('<svg ', '<svg width="100%" height="100%" ') +
      '</div></body>',
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !padding });
  await page.close();
}
await browser.close();
