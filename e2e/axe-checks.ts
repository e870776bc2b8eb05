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
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

/**
 * Runs axe on the whole page, or only on the part `within` selects (a section other pages share
 * the page with), with every WCAG A/AA rule or only `rules`, and fails softly, so one run lists
 * every page, on serious findings.
 */
export async function expectNoSeriousViolations(
  page: Page,
  state: string,
  rules?: readonly string[],
  within?: string,
): Promise<void> {
  // Mid-transition colours (a dialog fading in over its backdrop) are not the page's colours.
  await waitForTransitionsToEnd(page);
  const builder = within ? axe(page).include(within) : axe(page);
  const results = await (
    rules ? builder.withRules([...rules]) : builder.withTags(WCAG_TAGS)
  ).analyze();
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

/** Every rule in the light theme, then the colour rules in the dark one, back in light. */
export async function expectNoSeriousViolationsInEitherTheme(
  page: Page,
  state: string,
  within?: string,
): Promise<void> {
  await expectNoSeriousViolations(page, `${state} (light)`, undefined, within);
  await switchTheme(page, 'dark');
  await expectNoSeriousViolations(page, `${state} (dark)`, COLOUR_RULES, within);
  await switchTheme(page, 'light');
}
