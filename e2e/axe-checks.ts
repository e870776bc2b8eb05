import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Theme = 'light' | 'dark';

/** The rules whose outcome depends on the colours, the only thing the dark theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * An axe run that reports violations only: collecting every passing and undecided node as well
 * took most of a scan's time on the larger pages, and no test reads them. In one pass in the page
 * (legacy mode): the default runs each frame apart and then merges the results in a new blank
 * tab, which cost about a second a scan, and the console has no frames of its own to reach.
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

/** What one scan covers. */
export interface Scan {
  /** Only the part of the page this selector picks (a section the page shares with others). */
  within?: string;
  /**
   * 'wcag' (the default): every WCAG 2.0/2.1 A and AA rule; 'all': every rule axe runs by default,
   * its best practices included; or only the rules named.
   */
  rules?: 'wcag' | 'all' | readonly string[];
  /** Rules left out of the scan. */
  except?: readonly string[];
}

/**
 * Runs axe as `scan` says (the whole page on every WCAG A/AA rule unless told otherwise) and fails
 * on serious and critical findings, softly, so one run lists every page's.
 */
export async function expectNoSeriousViolations(
  page: Page,
  state: string,
  scan: Scan = {},
): Promise<void> {
  // Mid-transition colours (a dialog fading in over its backdrop) are not the page's colours.
  await waitForTransitionsToEnd(page);
  let builder = axe(page);
  if (scan.within) builder = builder.include(scan.within);
  const rules = scan.rules ?? 'wcag';
  if (rules === 'wcag') builder = builder.withTags(WCAG_TAGS);
  else if (rules !== 'all') builder = builder.withRules([...rules]);
  if (scan.except) builder = builder.disableRules([...scan.except]);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 8)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect.soft(report, `serious accessibility violations on ${state}`).toEqual([]);
}

/**
 * Switches the colour scheme in place, the way another tab's choice arrives (Mantine follows the
 * storage event), so open dialogs stay open.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    const key = 'mantine-color-scheme-value';
    localStorage.setItem(key, value);
    window.dispatchEvent(
      new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }),
    );
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

async function waitForTransitionsToEnd(page: Page): Promise<void> {
  // A transition starts a frame after its element appears: let two frames pass first.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
}

/**
 * Every WCAG rule in the light theme, then the colour rules in the dark one, back in light: on the
 * whole page, or only `within`.
 */
export async function expectNoSeriousViolationsInEitherTheme(
  page: Page,
  state: string,
  scan: Pick<Scan, 'within'> = {},
): Promise<void> {
  await expectNoSeriousViolations(page, `${state} (light)`, { within: scan.within });
  await switchTheme(page, 'dark');
  await expectNoSeriousViolations(page, `${state} (dark)`, {
    within: scan.within,
    rules: COLOUR_RULES,
  });
  await switchTheme(page, 'light');
}
