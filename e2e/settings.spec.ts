import { demoEcmApiKey } from '../src/config/demo-accounts';
import { demoManager, expect, injectFaults, signIn, startWithoutEcmKey, test } from './fixtures';

test.describe('settings: legacy ECM access', () => {
  test.slow();

  test('a key whose test fails is not saved; one that passes is', async ({ page }) => {
    // The demo's own key is removed first, as a company without one starts.
    await startWithoutEcmKey(page);
    await signIn(page, demoManager, { path: '/settings' });
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const settings = page.getByRole('form', { name: 'Legacy ECM API' });
    await expect(settings.getByText('No key is saved yet.')).toBeVisible();

    // The legacy API is down: the right key still cannot be confirmed, so nothing is kept.
    await injectFaults(page, [{ method: 'GET', pathPattern: '/ecm/vehicles$', status: 500 }]);
    await settings.getByRole('textbox', { name: 'API key', exact: true }).fill(demoEcmApiKey);
    await settings.getByRole('button', { name: 'Test connection' }).click();
    const failure = settings.getByRole('alert', { name: 'The connection failed' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText('Nothing was saved');
    await expect(settings.getByText('No key is saved yet.')).toBeVisible();
    // What was typed stays, ready for another try.
    await expect(settings.getByRole('textbox', { name: 'API key', exact: true })).toHaveValue(
      demoEcmApiKey,
    );

    // Still not saved after a reload.
    await page.reload();
    await expect(settings.getByText('No key is saved yet.')).toBeVisible({ timeout: 30_000 });

    // Once the API answers, the test saves the key.
    await injectFaults(page, []);
    await settings.getByRole('textbox', { name: 'API key', exact: true }).fill(demoEcmApiKey);
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect(
      settings.getByRole('status').filter({ hasText: 'Connection works' }),
    ).toContainText('The settings are saved.', { timeout: 30_000 });
    await expect(settings.getByText(/^A key is saved for /)).toBeVisible();
  });
});

test.describe('settings: units and time', () => {
  test('distances, speeds, the clock and event times follow the choice on every page', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/settings' });
    const units = page.getByRole('region', { name: 'Units and time' });
    await units.getByText('Miles', { exact: true }).click();
    await units.getByText('24-hour', { exact: true }).click();
    await units.getByText('Where the event happened', { exact: true }).click();
    await expect(units.getByText(/For example: .*14:05 · 60 mph · 100 mi/)).toBeVisible();

    // The queue shows each event's time where it happened, on a 24-hour clock.
    await page.getByRole('link', { name: 'Safety events' }).click();
    const firstEvent = page.getByRole('table').getByRole('link').first();
    await expect(firstEvent).toHaveText(/\d{1,2}:\d{2} [A-Z]{2,5}$/);
    await expect(firstEvent).not.toHaveText(/AM|PM/);
    await firstEvent.click();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText(/Speed\s*\d+ mph/);

    // Back to kilometres and a 12-hour clock: the same event follows after a reload.
    await page.goto('/settings');
    await units.getByText('Kilometres', { exact: true }).click();
    await units.getByText('12-hour', { exact: true }).click();
    await expect(units.getByText(/For example: .*2:05\sPM · 97 km\/h · 161 km/)).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(details).toContainText(/Speed\s*\d+ km\/h/);
  });
});

test.describe('settings: units and time, a chosen zone', () => {
  // A browser in Denver, so Tokyo time is another zone's and must say so.
  test.use({ timezoneId: 'America/Denver' });

  test('a chosen zone reaches the overview, the queue and the event page, each time labelled', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/settings' });
    const units = page.getByRole('region', { name: 'Units and time' });
    await expect(units.getByText("This browser's (America/Denver)")).toBeVisible();
    await units.getByText('A chosen zone', { exact: true }).click();
    await units.getByRole('combobox', { name: 'Chosen time zone' }).fill('Tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await expect(
      units.getByText(/For example: Mar 4, 2026, \d{1,2}:05\s?[AP]M GMT\+9 ·/),
    ).toBeVisible();

    // The overview's newest event, in Tokyo time with the zone's name.
    await page.getByRole('link', { name: 'Overview' }).click();
    const recent = page
      .getByRole('table', { name: 'Recent safety events' })
      .getByRole('link')
      .first();
    await expect(recent).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s?[AP]M GMT\+9$/);
    const shown = (await recent.textContent()) ?? '';
    const [, day, clock] = /^([A-Z][a-z]{2} \d{1,2}), (\d{1,2}:\d{2})/.exec(shown) ?? [];

    // The queue shows the same event at the same time.
    await page.getByRole('link', { name: 'Open the review queue' }).click();
    await expect(
      page.getByRole('table').getByRole('link', { name: shown, exact: true }),
    ).toBeVisible();

    // So does the event's own page.
    await page.goBack();
    await recent.click();
    await expect(
      page.getByText(new RegExp(`^${day}, \\d{4}, ${clock}:\\d{2}\\s?[AP]M GMT\\+9$`)),
    ).toBeVisible();
  });
});

test.describe('settings: units of the legacy ECM API', () => {
  test("a vehicle's engine speed and odometer follow the unit choice, and say how the speed is read", async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/settings' });
    const units = page.getByRole('region', { name: 'Units and time' });
    await units.getByText('Miles', { exact: true }).click();
    await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await page.getByLabel('Name contains').fill('BOI-B101');
    // The filter applies after a pause in typing and redraws the rows: click once it has.
    await expect(page).toHaveURL(/name=BOI-B101/);
    await page.getByRole('link', { name: 'BOI-B101', exact: true }).click();
    const ecm = page.getByRole('region', { name: 'Legacy engine data (ECM)' });
    const position = ecm.getByRole('table', { name: 'Last position' });
    await expect(position).toContainText(/Speed\s*\d+ mph/);
    await expect(ecm.getByText(/its speeds are taken as km\/h/)).toBeVisible();
    await ecm.getByRole('tab', { name: 'ECM data' }).click();
    const record = ecm.getByRole('table', { name: 'Legacy vehicle record' });
    await expect(record).toContainText(/Odometer\s*[\d,]+ mi/);
    await expect(record).toContainText(/Speed\s*\d+ mph/);
  });
});

test.describe('settings: today is the chosen zone’s day', () => {
  // A browser on UTC while the fleet's manager reads Los Angeles time.
  test.use({ timezoneId: 'UTC' });

  test('Today and Yesterday follow the chosen zone where its date differs from the browser’s', async ({
    page,
  }) => {
    // 6:56 PM on Nov 28 in Los Angeles: already Nov 29 in UTC.
    await page.clock.install({ time: new Date('2026-11-29T02:56:00Z') });
    await signIn(page, demoManager, { path: '/settings' });
    const units = page.getByRole('region', { name: 'Units and time' });
    await units.getByText('A chosen zone', { exact: true }).click();
    // Found by the names people use: a city with a space, then an abbreviation.
    const zone = units.getByRole('combobox', { name: 'Chosen time zone' });
    await zone.fill('New York');
    await expect(page.getByRole('option', { name: 'America/New_York' })).toBeVisible();
    await zone.fill('PST');
    await page.getByRole('option', { name: 'America/Los_Angeles' }).click();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Safety events', exact: true })
      .click();
    // The queue's default range ends on Los Angeles' today.
    await expect(page.getByLabel('Date range')).toHaveText(/– Nov 28, 2026$/);
    await page.getByLabel('Date range').click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(/from=2026-11-28&to=2026-11-28/);
    await page.getByLabel('Date range').click();
    await page.getByRole('button', { name: 'Yesterday', exact: true }).click();
    await expect(page).toHaveURL(/from=2026-11-27&to=2026-11-27/);
  });
});
