import type { Page } from '@playwright/test';
import { demoDispatcher, expect, signIn, test } from './fixtures';

function csv(name: string, rows: string[][]) {
  const text = rows.map((row) => row.join(',')).join('\r\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

async function upload(page: Page, file: ReturnType<typeof csv>) {
  await page.getByLabel('Schedule file').setInputFiles(file);
  await expect(page.getByRole('combobox', { name: 'Employee ID' })).toBeVisible({
    timeout: 30_000,
  });
}

async function expectMapping(page: Page, expected: Record<string, string>) {
  for (const [field, column] of Object.entries(expected)) {
    await expect(page.getByRole('combobox', { name: field, exact: true })).toHaveValue(column);
  }
}

async function choose(page: Page, field: string, column: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

test.describe('dispatch column mapping', () => {
  test.slow();

  test('guesses the headers dispatchers write, and remembers a mapping chosen by hand', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch' });
    await expect(page.getByLabel('Schedule file')).toBeAttached({ timeout: 30_000 });

    // Headers as a depot's own sheet has them.
    await upload(
      page,
      csv('depot.csv', [
        ['Emp #', 'Driver First', 'Driver Last', 'Truck', 'Start Time', 'End Time'],
        ['CF1011', 'Robert', 'Adams', 'PDX-T104', '2026-11-24 06:00', '2026-11-24 16:00'],
      ]),
    );
    await expectMapping(page, {
      'Employee ID': 'Column A: Emp #',
      'First name': 'Column B: Driver First',
      'Last name': 'Column C: Driver Last',
      Vehicle: 'Column D: Truck',
      Start: 'Column E: Start Time',
      End: 'Column F: End Time',
    });

    // Headers no guess can read: the user maps them once…
    await page.getByRole('button', { name: 'Start over' }).click();
    const oddRow = ['CF1011', 'PDX-T104', '2026-11-24 06:00', '2026-11-24 16:00'];
    await upload(page, csv('odd.csv', [['Who', 'Which', 'Out', 'In'], oddRow]));
    await expect(page.getByRole('combobox', { name: 'Employee ID' })).toHaveValue('');
    await choose(page, 'Employee ID', 'Column A: Who');
    await choose(page, 'Vehicle', 'Column B: Which');
    await choose(page, 'Start', 'Column C: Out');
    await choose(page, 'End', 'Column D: In');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('button', { name: 'Back to the columns' })).toBeVisible();

    // …and next week's sheet with the same headers, even in another order, is mapped the same way.
    await page.getByRole('button', { name: 'Start over' }).click();
    await upload(
      page,
      csv('odd-next-week.csv', [
        ['In', 'Out', 'Which', 'Who'],
        [oddRow[3]!, oddRow[2]!, oddRow[1]!, oddRow[0]!],
      ]),
    );
    await expectMapping(page, {
      'Employee ID': 'Column D: Who',
      Vehicle: 'Column C: Which',
      Start: 'Column B: Out',
      End: 'Column A: In',
    });
  });
});
