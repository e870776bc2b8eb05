import type { Page } from '@playwright/test';
import { demoManager, expect, signIn, test } from './fixtures';

/**
 * The pseudo-locale (`?lang=pseudo`) shows every catalog message accented and a third longer. A
 * control, heading or label still in plain English was never put in a catalog; a page wider than
 * the screen broke with the longer words French and Spanish bring.
 */
const pages = [
  '/',
  '/users',
  '/groups',
  '/vehicles',
  '/fleet-map',
  '/devices',
  '/geofences',
  '/events',
  '/scorecards',
  '/coaching',
  '/driver-assignments',
  '/dispatch',
  '/settings',
];

/**
 * Words that are the same in every language: the product's name, file formats, the service's
 * own terms (its role names), and month names (the pseudo-locale formats dates as English).
 */
const sameInEveryLanguage =
  /\b(Fleet Console|ECM|API|CSV|XLSX|KMZ|KML|GeoJSON|PDF|ZIP|GPS|UTC|GMT|IANA|Group Manager|OpenStreetMap|Leaflet|Esc|Ctrl|Enter|Shift|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/g;

/**
 * The sort mark's label in a table header: mantine-datatable writes "Sorted ascending" or
 * "Sorted descending" itself and offers no way to word it (the header's own name is translated).
 */
const fixedByTheTableLibrary = /^Sorted (ascending|descending)$/;

/** The chrome's texts in plain English: headings, buttons, labels, column headers, tabs, links. */
async function untranslatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ sameSource, fixedSource }) => {
      const same = new RegExp(sameSource, 'g');
      const fixed = new RegExp(fixedSource);
      const accented = /[\u00C0-\u024F\u1E00-\u1EFF]/;
      const found = new Set<string>();
      const chrome = document.querySelectorAll(
        'h1, h2, h3, h4, button, label, th, legend, [role="tab"], [role="columnheader"], nav a, [role="menuitem"], input[placeholder], [aria-label]',
      );
      for (const element of chrome) {
        if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue;
        // Data: table rows, map layers, a group tree's rows (the groups' names), and text people
        // typed (inside <bdi>). The tree's buttons are still read.
        if (element.closest('tbody, [role="rowgroup"] [role="row"], .leaflet-container')) continue;
        if (element.closest('[role="tree"]') && element.tagName !== 'BUTTON') continue;
        const copy = element.cloneNode(true);
        if (copy instanceof HTMLElement)
          copy.querySelectorAll('bdi').forEach((bdi) => bdi.remove());
        // A group tree's items are the groups' names; a map's box holds the map's own marks.
        const holdsData =
          !!element.closest('[role="tree"]') || !!element.querySelector('.leaflet-container');
        const texts = [
          element.getAttribute('aria-label'),
          element.getAttribute('placeholder'),
          holdsData ? null : copy.textContent,
        ];
        for (const text of texts) {
          const words = (text ?? '').replace(same, '').trim();
          if (fixed.test(words)) continue;
          if (/[A-Za-z]{3,}/.test(words) && !accented.test(words)) {
            found.add(`${element.tagName.toLowerCase()}: ${words.slice(0, 80)}`);
          }
        }
      }
      return [...found];
    },
    { sameSource: sameInEveryLanguage.source, fixedSource: fixedByTheTableLibrary.source },
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`pseudo-locale at ${viewport.width} px: no page shows text outside the catalogs or spills sideways`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signIn(page, demoManager, { path: '/?lang=pseudo' });
    await expect(page.getByRole('navigation').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      // The page itself, not the loading screen (whose heading is the product's name).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Fleet Console');
      // Settled: no read in progress, so the page's own states (lists, empty states) show.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      for (const text of await untranslatedTexts(page)) problems.push(`${path}: ${text}`);
      const overflow = await page.evaluate(() => {
        const excess = document.documentElement.scrollWidth - window.innerWidth;
        if (excess <= 1) return null;
        // The element that reaches furthest right, to say where the page breaks.
        let widest: Element | null = null;
        let right = 0;
        for (const element of document.querySelectorAll('main *')) {
          const edge = element.getBoundingClientRect().right;
          if (edge > right) [widest, right] = [element, edge];
        }
        const what = widest
          ? `${widest.tagName.toLowerCase()} "${(widest.textContent ?? '').trim().slice(0, 40)}"`
          : 'the page';
        return `${excess}px wider than the screen at ${what}`;
      });
      if (overflow) problems.push(`${path}: ${overflow}`);
    }
    expect(problems).toEqual([]);
  });
}
