import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { cellsInColumn, cutTexts, demoManager, expect, signIn, test } from './fixtures';

/** A hover where the last click landed colours its cell: axe checks the page at rest. */
async function expectAccessibleAtRest(page: Page, state: string, within?: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousViolationsInEitherTheme(page, state, { within });
}

const descending = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! >= value);
const ascending = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! <= value);

/** The numbers in one column of a ranking's rows, as shown. */
async function columnNumbers(table: Locator, header: string): Promise<number[]> {
  const cells = await (await cellsInColumn(table, header)).allInnerTexts();
  return cells.map((text) => Number(text.replace(/[^\d.-]/g, '')));
}

/** The most useful columns show in full, not behind a sideways scroll of the table. */
async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

async function openScorecards(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('link', { name: 'Scorecards' }).click();
  await expect(page.getByRole('heading', { name: 'Scorecards', level: 1 })).toBeVisible();
  return page.getByRole('table', { name: 'Driver ranking' });
}

/** Every page of the window has been read and ranked. */
async function waitForAllEvents(page: Page): Promise<void> {
  await expect(page.getByText(/^Scorecards from [\d,.\s]+ events\.$/)).toBeVisible({
    timeout: 60_000,
  });
}

test.describe('scorecards', () => {
  test('a 7-day ranking reads whole, explains its trend, ranks safest first and exports as what it is', async ({
    page,
  }) => {
    test.slow();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoManager, { path: '/scorecards?days=7' });
    const ranking = page.getByRole('table', { name: 'Driver ranking' });
    await waitForAllEvents(page);
    await expect(ranking.getByRole('img').first()).toBeVisible();

    // Behaviour counts read whole ("Late Response 12", not "Late Response 1…").
    const behaviourCells = await cellsInColumn(ranking, 'Behaviours');
    await expect(behaviourCells.first()).toHaveText(/\d/);
    await expect(cutTexts(behaviourCells)).resolves.toEqual([]);

    // "▲ 190" says what it is: a legend under the ranking, and a tooltip on each figure.
    await expect(
      page.getByText(/^Trend: ▲ or ▼ and a number is how much the risk score/),
    ).toBeVisible();
    await ranking
      .getByText(/^[▲▼] \d/)
      .first()
      .hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'second half of the window against the first',
    );

    // Safest first, kept in the address.
    await page.getByRole('combobox', { name: 'Rank' }).click();
    await page.getByRole('option', { name: 'Lowest first (safest)' }).click();
    await expect(page).toHaveURL(/order=asc/);
    await expect.poll(async () => ascending(await columnNumbers(ranking, 'Risk score'))).toBe(true);

    // The file is named after the ranking and its days, and says them inside.
    await page.getByRole('button', { name: 'Export' }).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const name = (await downloadPromise).suggestedFilename();
    const window =
      /^drivers-scorecard-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/.exec(
        name,
      );
    expect(window, name).not.toBeNull();
    const [, fromDay, toDay] = window!;
    expect((Date.parse(toDay!) - Date.parse(fromDay!)) / 86_400_000).toBe(6);
    const text = (await readFile((await (await downloadPromise).path())!, 'utf8')).replace(
      /^\uFEFF/,
      '',
    );
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const from = header!.indexOf('Window from');
    const to = header!.indexOf('Window to');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[from] === fromDay && row[to] === toDay)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('ranks drivers for a window, sorts by risk, opens a driver and one of their events', async ({
    page,
  }) => {
    // Two windows read in full, three sorts, a driver and an event: on a loaded two-core machine
    // this journey has needed more than the default 90 s.
    test.slow();
    // The aggregation worker and the lazily loaded charts run under the production CSP.
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signIn(page, demoManager);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const ranking = await openScorecards(page);

    await page.getByText('7 days', { exact: true }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
    await page.getByText('30 days', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
    await expect(page).not.toHaveURL(/days=/);
    await waitForAllEvents(page);
    await expect(page.getByText('Last 30 days')).toBeVisible();

    // Columns: #, Driver, Events, Risk score, …
    // The table redraws just after the count of events read (in the background).
    await expect
      .poll(async () => (await columnNumbers(ranking, 'Events')).length)
      .toBeGreaterThan(0);
    const eventCounts = await columnNumbers(ranking, 'Events');
    expect(eventCounts.every((count) => count > 0)).toBe(true);

    // A newly chosen column ranks highest first; a second click turns the order.
    await ranking.getByRole('button', { name: /^Events/ }).click();
    await expect(page).toHaveURL(/sort=events/);
    await expect.poll(async () => descending(await columnNumbers(ranking, 'Events'))).toBe(true);

    await ranking.getByRole('button', { name: /^Risk score/ }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect
      .poll(async () => descending(await columnNumbers(ranking, 'Risk score')))
      .toBe(true);
    await ranking.getByRole('button', { name: /^Risk score/ }).click();
    await expect(page).toHaveURL(/order=asc/);
    await expect.poll(async () => ascending(await columnNumbers(ranking, 'Risk score'))).toBe(true);
    await ranking.getByRole('button', { name: /^Risk score/ }).click();
    await expect(page).not.toHaveURL(/order=/);
    await expect
      .poll(async () => descending(await columnNumbers(ranking, 'Risk score')))
      .toBe(true);

    const top = ranking.getByRole('row').nth(1);
    const driverLink = top.getByRole('link').first();
    const driverName = await driverLink.innerText();
    const topEvents = (await columnNumbers(ranking, 'Events'))[0]!;
    await expect(
      top.getByRole('img', { name: /^Risk score over the window, (up|down|steady)/ }),
    ).toBeVisible();
    await driverLink.click();

    await expect(page.getByRole('heading', { name: driverName, level: 1 })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Scorecard totals' });
    await expect(totals.getByText(String(topEvents), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Risk score over time' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Behaviours' })).toBeVisible();
    const events = page.getByRole('table', { name: "Driver's events" });
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(new RegExp(`^1–\\d+ of ${topEvents}$`))).toBeVisible();

    // Exported whole, not the page shown: every event of the window, newest first.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^driver-events-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}/,
    );
    const csv = Papa.parse<Record<string, string>>(await readFile((await file.path())!, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.data).toHaveLength(topEvents);
    expect(Object.keys(csv.data[0]!)).toEqual(expect.arrayContaining(['Recorded', 'Trigger']));

    const eventLink = events.getByRole('row').nth(1).getByRole('link').first();
    await eventLink.click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The event's queue is this driver's events of the window.
    await expect(page).toHaveURL(/driverId=/);
    expect(cspViolations).toEqual([]);
  });

  test("a vehicle's detail page shows its safety scorecard and its events", async ({ page }) => {
    await signIn(page, demoManager);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await openScorecards(page);
    await page.getByRole('tab', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/view=vehicles/);
    const ranking = page.getByRole('table', { name: 'Vehicle ranking' });
    const vehicleLink = ranking.getByRole('row').nth(1).getByRole('link').first();
    // Named once the vehicle names have arrived (before, the link says "Open").
    await expect(vehicleLink).not.toHaveText('Open');
    const vehicleName = await vehicleLink.innerText();
    await vehicleLink.click();

    await expect(page.getByRole('heading', { name: vehicleName, level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Safety scorecard' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('region', { name: 'Scorecard totals' })).toBeVisible();
    await section.getByText('90 days', { exact: true }).click();
    await expect(page).toHaveURL(/scorecardDays=90/);
    const events = section.getByRole('table', { name: "Vehicle's events" });
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    await expect(section.getByRole('img', { name: 'Risk score over time' })).toBeVisible();
    await expectAccessibleAtRest(
      page,
      "a vehicle's safety scorecard",
      'section[aria-labelledby="vehicle-scorecard-title"]',
    );
    await events.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?.*vehicleId=/);
  });

  test('the scorecards page has no serious accessibility violations', async ({ page }) => {
    await signIn(page, demoManager);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const ranking = await openScorecards(page);
    await waitForAllEvents(page);
    await expect(ranking.getByRole('img').first()).toBeVisible();
    await expectAccessibleAtRest(page, '/scorecards');

    await ranking.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Risk score over time' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: "Driver's events" }).getByRole('row').nth(1),
    ).toBeVisible();
    await expectAccessibleAtRest(page, 'a driver scorecard');
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the ranking and a driver scorecard fit without sideways scrolling', async ({ page }) => {
      await signIn(page, demoManager, { path: '/scorecards' });
      const ranking = page.getByRole('table', { name: 'Driver ranking' });
      await waitForAllEvents(page);
      await expect(ranking.getByRole('row').nth(1)).toBeVisible();
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(390);
      await expectWithinWidth(ranking.getByRole('button', { name: /^Risk score/ }), 390);
      await expectWithinWidth(ranking.getByRole('button', { name: /^Events/ }), 390);

      await ranking.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: 'Risk score over time' })).toBeVisible();
      const events = page.getByRole('table', { name: "Driver's events" });
      await expect(events.getByRole('row').nth(1)).toBeVisible();
      expect(await pageWidth()).toBeLessThanOrEqual(390);
      await expectWithinWidth(events.getByRole('columnheader', { name: 'Score' }), 390);
    });
  });
});
