import type { Locator, Page } from '@playwright/test';
import { demoDispatcher, demoManager, expect, injectFaults, signIn, test } from './fixtures';

/** The number a count card shows, e.g. 1,234 → 1234. */
async function cardNumber(card: Locator): Promise<number> {
  const link = card.getByRole('link', { name: /open the list/ });
  await expect(link).toHaveText(/^[\d,]+$/, { timeout: 30_000 });
  return Number((await link.innerText()).replace(/,/g, ''));
}

/** "1–25 of 200" under a paged table. */
async function tableTotal(page: Page): Promise<number> {
  const text = page.getByText(/^\d+–\d+ of [\d,]+$/);
  await expect(text).toBeVisible({ timeout: 30_000 });
  return Number((await text.innerText()).split(' of ')[1]!.replace(/,/g, ''));
}

/** "25 of 241 events loaded" or "241 events · all loaded" above the review queue. */
async function queueTotal(page: Page): Promise<number> {
  const summary = page.getByText(/^(\d[\d,]* of )?[\d,]+ events? (loaded|· all loaded)$/);
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const text = await summary.innerText();
  // The total is the last number in the line.
  const numbers = text.match(/\d[\d,]*/g) ?? [];
  return Number(numbers.at(-1)!.replace(/,/g, ''));
}

async function openOverview(page: Page) {
  await signIn(page, demoManager);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

test.describe('overview', () => {
  test.slow();

  test('each number opens the list it counts, with the same total', async ({ page }) => {
    // Three lists, each loaded afresh: generous for a busy machine.
    test.setTimeout(300_000);
    await openOverview(page);

    const vehicles = page.getByRole('region', { name: 'Vehicles' });
    const vehicleCount = await cardNumber(vehicles);
    await vehicles.getByRole('link', { name: /open the list/ }).click();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    expect(await tableTotal(page)).toBe(vehicleCount);

    await page.goBack();
    const devices = page.getByRole('region', { name: 'Camera devices' });
    const deviceCount = await cardNumber(devices);
    await devices.getByRole('link', { name: /open the list/ }).click();
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    expect(await tableTotal(page)).toBe(deviceCount);

    await page.goBack();
    const openEvents = page.getByRole('region', { name: /Open safety events/ });
    const openCount = await cardNumber(openEvents);
    await openEvents.getByRole('link', { name: /open the list/ }).click();
    await expect(page.getByRole('heading', { name: 'Safety events', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    // The queue opens filtered to the statuses counted, so its total is the card's number.
    await expect(page).toHaveURL(/statuses=/);
    expect(await queueTotal(page)).toBe(openCount);
  });

  test('a recent event opens from its row', async ({ page }) => {
    await openOverview(page);
    const recent = page.getByRole('table', { name: 'Recent safety events' });
    const firstRow = recent.getByRole('row').nth(1);
    const trigger = await firstRow.getByRole('cell').nth(1).innerText();
    await firstRow.getByRole('link').click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(trigger, {
      timeout: 30_000,
    });
  });

  test('says it could not count the open events when the statuses cannot be read', async ({
    page,
  }) => {
    await openOverview(page);
    await injectFaults(page, [{ method: 'GET', pathPattern: '/events/statuses$', status: 500 }]);
    await page.reload();
    const openEvents = page.getByRole('region', { name: /Open safety events/ });
    await expect(openEvents.getByRole('alert')).toHaveText('Could not be counted.', {
      timeout: 30_000,
    });
    await expect(openEvents.getByRole('link')).toHaveCount(0);
    // The other counts do not depend on the statuses.
    await cardNumber(page.getByRole('region', { name: 'Vehicles' }));
  });

  for (const [what, statuses] of [
    ['is empty', []],
    ['has entries without names', [{ id: 1 }, { id: 2 }, { id: 5 }, { id: 6 }]],
  ] as const) {
    test(`says it could not count the open events when the statuses list ${what}`, async ({
      page,
    }) => {
      await openOverview(page);
      await injectFaults(page, [
        {
          method: 'GET',
          pathPattern: '/events/statuses$',
          status: 200,
          body: JSON.stringify(statuses),
        },
      ]);
      await page.reload();
      const openEvents = page.getByRole('region', { name: /Open safety events/ });
      // Not "0", nor a count of closed events as open.
      await expect(openEvents.getByRole('alert')).toHaveText('Could not be counted.', {
        timeout: 30_000,
      });
      await expect(openEvents.getByRole('link')).toHaveCount(0);
    });
  }

  test('a depot dispatcher sees the counts of his depot, named, and each opens his depot’s list', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, demoDispatcher);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const vehicles = page.getByRole('region', { name: 'Vehicles in Portland Depot' });
    const vehicleCount = await cardNumber(vehicles);
    await expect(
      page.getByRole('region', { name: /^Open safety events in Portland Depot/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Recent safety events in Portland Depot' }),
    ).toBeVisible();

    await vehicles.getByRole('link', { name: /open the list/ }).click();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    expect(await tableTotal(page)).toBe(vehicleCount);
    // Only his depot's vehicles: the company has more.
    await page.goto('/vehicles');
    await expect.poll(() => tableTotal(page), { timeout: 30_000 }).toBeGreaterThan(vehicleCount);

    await page.goto('/');
    const devices = page.getByRole('region', { name: 'Camera devices in Portland Depot' });
    const deviceCount = await cardNumber(devices);
    await devices.getByRole('link', { name: /open the list/ }).click();
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    expect(await tableTotal(page)).toBe(deviceCount);
  });
});
