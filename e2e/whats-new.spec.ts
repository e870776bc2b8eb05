import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { demoManager, expect, injectFaults, signIn, signInToOverview, test } from './fixtures';

/** The header button's count, read from its name ("What's new: 3 new events"). */
async function newCount(page: Page): Promise<number> {
  const button = page.getByRole('button', { name: /^What’s new: \d+\+? new events?$/ });
  await expect(button).toBeVisible({ timeout: 30_000 });
  const name = (await button.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1]);
}

/**
 * The page's own clock, started at noon UTC of today. The demo's events end at its seeding day's
 * midnight (UTC) and a first rule looks back one day: from about 23:00 UTC on, a real clock finds
 * nothing new. At noon the day before holds events, whenever the tests run.
 */
async function installMiddayClock(page: Page): Promise<void> {
  const now = new Date();
  await page.clock.install({
    time: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12)),
  });
}

const isWatchCheck = (url: string) =>
  url.includes('/eventsWithMetadata') &&
  url.includes('sortDirection=desc') &&
  url.includes('limit=100');

test.describe('what’s new', () => {
  test('a watch rule lists new events; opening one marks it seen; the check runs each minute', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    // The page's own clock, so a minute passes without waiting for it.
    await installMiddayClock(page);
    await signInToOverview(page, demoManager, { timeout: 60_000 });

    await page.getByRole('button', { name: 'What’s new: no watch rules yet' }).click();
    const drawer = page.getByRole('dialog', { name: 'What’s new' });
    await expect(drawer.getByText(/^No watch rules yet\./)).toBeVisible();

    const checks: string[] = [];
    page.on('request', (request) => {
      if (isWatchCheck(request.url())) checks.push(request.url());
    });
    const rule = drawer.getByRole('form', { name: 'Add a watch rule' });
    await rule.getByLabel('Minimum score').fill('1');
    // The first check fails: the drawer says so and offers to check again.
    await injectFaults(page, [{ pathPattern: 'eventsWithMetadata', status: 400, times: 1 }]);
    await rule.getByRole('button', { name: 'Add rule' }).click();
    await expect(
      drawer.getByRole('list', { name: 'Watch rules' }).getByRole('listitem'),
    ).toHaveText([/Any trigger · score 1 or more · in any group/]);
    await expect(drawer.getByText('The check for new events failed')).toBeVisible();
    await drawer.getByRole('button', { name: 'Check now' }).click();

    const list = drawer.getByRole('list', { name: 'New events' });
    await expect(list.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    const before = await newCount(page);
    expect(before).toBeGreaterThan(1);
    await expect(list.getByRole('link')).toHaveCount(before);
    await expect(drawer.getByRole('status')).toHaveText(
      new RegExp(`^${before} new since .+ Checked at .+\\.$`),
    );
    expect(checks).toHaveLength(2);
    await expectNoSeriousViolationsInEitherTheme(page, 'what’s new with a watch rule');

    // A minute later, one more check: the same single bounded request.
    await page.clock.fastForward('01:01');
    await expect.poll(() => checks.length).toBe(3);

    // By keyboard: the first new event opens its page; it is seen, and the count drops by one.
    const first = list.getByRole('link').first();
    const firstHref = (await first.getAttribute('href')) ?? '';
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${firstHref.split('?')[0]}`));
    await expect(drawer).toBeHidden();
    await expect.poll(() => newCount(page)).toBe(before - 1);

    await page.getByRole('button', { name: /^What’s new: / }).click();
    await expect(list.locator(`a[href^="${firstHref.split('?')[0]}"]`)).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Mark all seen' }).click();
    await expect(page.getByRole('button', { name: 'What’s new: no new events' })).toBeVisible();
    await expect(drawer.getByRole('status')).toHaveText(/^Nothing new since /);

    // The rules belong to this user in this browser: they are still there after a reload.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('button', { name: 'What’s new: no new events' })).toBeVisible({
      timeout: 60_000,
    });
  });
});

test.describe('what’s new with a stored state it cannot use', () => {
  test('unreadable rules are removed and never sent, the last look is started again, and the notice shows once', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.clock.install();
    const usable = { id: 'usable', triggerIds: [], minimumScore: 1, groupIds: [] };
    const stored = JSON.stringify({
      rules: [
        usable,
        { ...usable, id: 'not-a-group', groupIds: ['not-a-guid'] },
        { ...usable, id: 'markup', groupIds: ['<svg onload=alert(1)>'] },
      ],
      since: 1e300,
      seenIds: [],
      notifiedIds: [],
      notify: false,
    });
    // Left there before the console first loads in this tab, as an older version or a hand edit would.
    await page.addInitScript((value) => {
      if (sessionStorage.getItem('e2e.watch-seeded')) return;
      localStorage.setItem('fleet-console.watch.maria.lopez', value);
      sessionStorage.setItem('e2e.watch-seeded', 'yes');
    }, stored);
    const sent: string[] = [];
    page.on('request', (request) => sent.push(decodeURIComponent(request.url())));
    const checks = () => sent.filter(isWatchCheck);

    await signInToOverview(page, demoManager, { timeout: 60_000 });
    const notice = page.getByRole('alert').filter({
      hasText: 'Some saved watch rules could not be read and were removed.',
    });
    await expect(notice).toHaveCount(1);
    await expect.poll(() => checks().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.clock.fastForward('01:01');
    await expect.poll(() => checks().length).toBeGreaterThan(1);
    expect(sent.filter((url) => /not-a-guid|<svg|onload/i.test(url))).toEqual([]);

    await page.getByRole('button', { name: /^What’s new: / }).click();
    const drawer = page.getByRole('dialog', { name: 'What’s new' });
    await expect(
      drawer.getByRole('list', { name: 'Watch rules' }).getByRole('listitem'),
    ).toHaveText([/Any trigger · score 1 or more · in any group/]);
    await expect(drawer.getByRole('status')).toHaveText(/ since .+ Checked at /, {
      timeout: 30_000,
    });
    await expect(page.getByText('Invalid time value')).toHaveCount(0);

    // Removed from storage, so a reload has nothing more to say.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(notice).toHaveCount(1);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: /^What’s new: / })).toBeVisible({
      timeout: 60_000,
    });
    await expect.poll(() => checks().length).toBeGreaterThan(2);
    await expect(notice).toHaveCount(0);
    expect(sent.filter((url) => /not-a-guid|<svg|onload/i.test(url))).toEqual([]);
  });
});

test.describe('what’s new on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header button and the list work by taps', async ({ page }) => {
    test.slow();
    await installMiddayClock(page);
    await signIn(page, demoManager);
    await page.getByRole('button', { name: 'What’s new: no watch rules yet' }).tap();
    const drawer = page.getByRole('dialog', { name: 'What’s new' });
    await drawer.getByRole('button', { name: 'Add rule' }).tap();
    const first = drawer.getByRole('list', { name: 'New events' }).getByRole('link').first();
    await expect(first).toBeInViewport({ timeout: 30_000 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await first.tap();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]+/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('what’s new over a map on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the drawer lies over a vehicle’s map, and its field takes the tap', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/vehicles?name=BOI-B101' });
    await page.getByRole('link', { name: 'BOI-B101', exact: true }).tap();
    const map = page.getByRole('figure', { name: /Map of BOI-B101's last position/ });
    await expect(map).toBeVisible({ timeout: 30_000 });
    await map.scrollIntoViewIfNeeded();
    const zoomIn = map.getByRole('button', { name: 'Zoom in' });
    await expect(zoomIn).toBeInViewport();
    const zoomBox = await zoomIn.boundingBox();
    const mapBox = await map.boundingBox();
    if (!zoomBox || !mapBox) throw new Error('The map is not on the screen.');
    // The zoom buttons, the vehicle's marker in the middle and the attribution at the bottom.
    const mapPoints = [
      { x: zoomBox.x + zoomBox.width / 2, y: zoomBox.y + zoomBox.height / 2 },
      { x: mapBox.x + mapBox.width / 2, y: mapBox.y + mapBox.height / 2 },
      { x: mapBox.x + mapBox.width - 20, y: mapBox.y + mapBox.height - 6 },
    ];

    await page.getByRole('button', { name: 'What’s new: no watch rules yet' }).tap();
    const drawer = page.getByRole('dialog', { name: 'What’s new' });
    const score = drawer.getByLabel('Minimum score');
    await expect(score).toBeVisible();
    // Wherever the map lies under the drawer, the drawer is what a tap there reaches.
    const reachesDrawer = await page.evaluate((points) => {
      const dialog = document.querySelector('[role="dialog"]');
      return points.map(({ x, y }) => dialog?.contains(document.elementFromPoint(x, y)) ?? false);
    }, mapPoints);
    expect(reachesDrawer).toEqual([true, true, true]);
    await score.tap();
    await expect(score).toBeFocused();
  });
});
