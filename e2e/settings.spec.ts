import type { Page } from '@playwright/test';
import { demoEcmApiKey } from '../src/config/demo-accounts';
import type { DemoFault } from '../src/mocks/demo-faults';
import { demoManager, expect, signIn, startWithoutEcmKey, test } from './fixtures';

const FAULTS_KEY = 'fleet-console.demo-faults';

async function injectFaults(page: Page, faults: DemoFault[]): Promise<void> {
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    FAULTS_KEY,
    JSON.stringify(faults),
  ] as const);
}

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
