import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-checks';
import { demoDispatcher, demoManager, expect, signInToOverview, test } from './fixtures';

/** Signing in loads the console's code for the first time: slow on a busy machine. */
const FIRST_PAGE = { timeout: 60_000 };

function palette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Find anything' });
  return {
    dialog,
    search: dialog.getByRole('combobox', { name: 'Find anything' }),
    results: dialog.getByRole('listbox', { name: 'Results' }),
  };
}

test.describe('command palette', () => {
  test('keys typed the moment Ctrl+K is pressed, before the palette has loaded, are all kept', async ({
    page,
  }) => {
    await signInToOverview(page, demoManager, FIRST_PAGE);
    const { search, results } = palette(page);
    await page.keyboard.press('Control+K');
    await page.keyboard.type('942 e');
    await expect(search).toHaveValue('942 e');
    await expect(search).toBeFocused();
    await expect(
      results.getByRole('group', { name: 'Vehicles' }).getByRole('option', { name: /PDX-T101/ }),
    ).toBeVisible();
  });

  test('Enter pressed at once after a name typed fast opens it, even before its results were there', async ({
    page,
  }) => {
    await signInToOverview(page, demoManager, FIRST_PAGE);
    const { dialog } = palette(page);
    // As a person types: 60 ms a key, Enter straight after, while the palette's code and its
    // indexes may still be loading.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('PDX-T101', { delay: 60 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/i);
    await expect(page.getByRole('heading', { name: 'PDX-T101', level: 1 })).toBeVisible();
  });

  test('finds a vehicle by plate from the keyboard, and runs an action from the header button', async ({
    page,
  }) => {
    await signInToOverview(page, demoManager, FIRST_PAGE);
    const { dialog, search, results } = palette(page);

    await page.keyboard.press('Control+K');
    await expect(search).toBeFocused();
    // Demo vehicle PDX-T101 carries Oregon plate "942 ETJ".
    await page.keyboard.type('942 E');
    const vehicle = results
      .getByRole('group', { name: 'Vehicles' })
      .getByRole('option', { name: /PDX-T101/ });
    await expect(vehicle).toContainText('Plate 942 ETJ');
    await expect(vehicle).toHaveAttribute('aria-selected', 'true');
    await expect(dialog).toContainText(/Vehicles indexed just now/);
    await expectNoSeriousViolations(page, 'the palette with a vehicle found', {
      within: '[role="dialog"]',
      rules: 'all',
      except: ['color-contrast'],
    });

    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/i);
    await expect(page.getByRole('heading', { name: 'PDX-T101', level: 1 })).toBeVisible();

    // Escape closes and gives focus back to the button that opened the palette.
    const searchButton = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await searchButton.click();
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(searchButton).toBeFocused();

    await searchButton.click();
    // Keys pressed before the palette takes focus would go to the page behind it.
    await expect(search).toBeFocused();
    await page.keyboard.type('new user');
    await expect(
      results.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'New user' }),
    ).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users\/new$/);
    await expect(page.getByRole('form', { name: 'New user' })).toBeVisible();
  });

  test('works for a dispatcher, who cannot read groups, without an error', async ({ page }) => {
    await signInToOverview(page, demoDispatcher, FIRST_PAGE);
    const { dialog, results } = palette(page);
    await page.keyboard.press('Control+K');
    await expect(palette(page).search).toBeFocused();
    await expect(dialog).toContainText('Groups need the Group Manager role');
    await expect(dialog).toContainText(/Vehicles indexed just now/);

    await page.keyboard.type('portland');
    await expect(results.getByRole('group', { name: 'Geofences' })).toBeVisible();
    await expect(results.getByRole('group', { name: 'Groups' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The console-wide list of shortcuts opens once the palette has closed.
    await page.getByRole('combobox', { name: 'Find anything' }).fill('keyboard');
    await page.keyboard.press('Enter');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts.getByRole('table', { name: 'Anywhere' })).toContainText('Ctrl K');
    await expect(shortcuts.getByRole('table', { name: 'Safety event queue' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    await page.keyboard.press('Control+K');
    await expect(palette(page).search).toBeFocused();
    await page.getByRole('combobox', { name: 'Find anything' }).fill('sign out');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the header keeps an icon button that opens the palette', async ({ page }) => {
      await signInToOverview(page, demoManager, FIRST_PAGE);
      const header = page.getByRole('banner');
      const searchButton = header.getByRole('button', { name: 'Search' });
      await expect(searchButton).toBeVisible();
      // Everything in the header still fits beside it.
      const accountBox = await header.getByRole('button', { name: /Account menu/ }).boundingBox();
      expect((accountBox?.x ?? 0) + (accountBox?.width ?? 0)).toBeLessThanOrEqual(390);
      await searchButton.click();
      await expect(palette(page).search).toBeFocused();
      await page.keyboard.type('settings');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    });
  });
});
