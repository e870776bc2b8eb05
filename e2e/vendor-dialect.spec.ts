import type { Page } from '@playwright/test';
import { demoManager, expect, injectFaults, signIn, signInToOverview, test } from './fixtures';

/**
 * The demo company's records in the vendor's own dialect (src/mocks/seed/vendor-dialect.ts), read
 * as "Answers the console did not expect" in docs/operating.md says: nothing lost, nothing raw.
 */

const NOT_UNDERSTOOD = /does not understand/;

/** YYYY-MM-DD of the day `daysAgo` before today, in the browser's zone (the page's days are). */
function localDay(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function expectNothingMisread(page: Page) {
  await expect(page.getByText(NOT_UNDERSTOOD)).toHaveCount(0);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
}

test.describe("the vendor's dialect in the demo", () => {
  // Four pages, each the first of its kind after sign-in: generous limits for a busy machine.
  test.slow();

  test('a numeric employee ID and a date without a zone keep the audit log whole', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/groups/audit' });
    const log = page.getByRole('table', { name: 'Group audit log' });
    // The newest entry came through an integration that sends its employee ID as a number.
    await expect(log.getByRole('row').nth(1)).toContainText('employee ID 1234567', {
      timeout: 30_000,
    });
    // Its zone-less date is read as UTC: a date like any other, not the raw text.
    await expect(log.getByRole('row').nth(1)).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await expectNothingMisread(page);
  });

  test("the root group's empty creation date reads as not set", async ({ page }) => {
    await signIn(page, demoManager, { path: '/groups' });
    const root = page
      .getByRole('tree', { name: 'Groups', exact: true })
      .getByRole('treeitem', { name: 'Cascade Freight Root', exact: true });
    await root.click({ timeout: 30_000 });
    const details = page.getByRole('table', { name: 'Group details' });
    await expect(details.getByRole('row', { name: /^Created/ })).toHaveText(/Created\s*Not set/);
    await expect(details).not.toContainText('0001');
    await expectNothingMisread(page);
  });

  test("a spare camera's empty first connection and zone-less creation date", async ({ page }) => {
    await signIn(page, demoManager, { path: '/devices?status=Spare&sort=serialNumber&order=asc' });
    const devices = page.getByRole('table', { name: 'Devices' });
    await devices.getByRole('row').nth(1).getByRole('link').first().click({ timeout: 30_000 });
    const firstConnected = page.getByText('First connected', { exact: true }).locator('..');
    await expect(firstConnected).toHaveText(/First connected\s*—/, { timeout: 30_000 });
    const created = page.getByText('Created', { exact: true }).locator('..');
    await expect(created).toHaveText(/Created\s*\w{3} \d{1,2}, \d{4}/);
    await expectNothingMisread(page);
  });

  test('an event whose status no lookup names is shown as sent, marked unknown', async ({
    page,
  }) => {
    // The oldest event of the demo (60 days back), first when the queue is sorted oldest first.
    await signIn(page, demoManager, {
      path: `/events?from=${localDay(62)}&to=${localDay(0)}&sortDirection=asc`,
    });
    const queue = page.getByRole('table', { name: /events/i });
    await expect(queue.getByRole('row').nth(1)).toContainText('Status 8 (unknown)', {
      timeout: 30_000,
    });
    await expectNothingMisread(page);
  });

  test('a list keeps what it can read: an odd field shows "—" with why, an unreadable record and a nonsense count are said', async ({
    page,
  }) => {
    await signInToOverview(page);
    // As the vendor's schemas allow: an e-mail sent as a record, a user without an ID, a numeric
    // employee ID, and a count of -85403456.
    const body = {
      data: [
        {
          userId: '0f7c1d64-5a0e-4a57-9d6b-2b1c1f0a9e11',
          firstName: 'Ana',
          lastName: 'Ruiz',
          username: 'ana.ruiz',
          email: { primary: 'ana.ruiz@example.com' },
          status: 'Active',
        },
        { firstName: 'No', lastName: 'Identifier' },
        {
          userId: '3c2b8e5d-91f4-4d0a-b6a7-7e5f0c3d2a10',
          firstName: 'Ben',
          lastName: 'Ode',
          username: 'ben.ode',
          employeeId: 4455,
          status: 'Active',
        },
      ],
      metadata: { count: -85403456, limit: -1, offset: 'x' },
    };
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/v1/users$', status: 200, body: JSON.stringify(body) },
    ]);
    await page.getByRole('link', { name: 'Users', exact: true }).first().click();
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row', { name: /Ana Ruiz/ })).toBeVisible({ timeout: 30_000 });
    await expect(users.getByRole('row', { name: /Ben Ode/ })).toContainText('4455');
    await expect(users.getByText('Identifier')).toHaveCount(0);

    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Part of this answer could not be read' });
    await expect(notice).toContainText('1 record could not be read and is left out');
    await expect(notice).toContainText('2 fields could not be read and show as "—"');
    await notice.getByRole('button', { name: 'Details for support' }).click();
    await expect(notice).toContainText('GET /users');
    await expect(notice).toContainText('data.0.email');
    await expect(notice).toContainText('metadata.offset');

    // The odd field: "—", its reason on keyboard focus as on hover.
    const email = users.getByRole('row', { name: /Ana Ruiz/ }).getByLabel(/^Could not be read/);
    await expect(email).toHaveText('—');
    // Reached by the keyboard (the tooltip opens on keyboard focus, as on hover).
    await email.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    await expect(page.getByRole('tooltip')).toContainText(
      'Expected text, the service sent a record (sent: {"primary":"ana.ruiz@example.com"})',
    );
    // No count can be believed: the pager counts what arrived, and offers no next page.
    await expect(page.getByText('-85403456')).toHaveCount(0);
    await expect(page.getByText(/^1–2( users)?$/)).toBeVisible();
  });
});
