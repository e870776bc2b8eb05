import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { writeXlsx, type XlsxCell } from '../src/lib/xlsx-writer';
import { expectNoSeriousViolations } from './axe-checks';
import { demoDispatcher, expect, signIn, test, expireSessionAtNextRequest } from './fixtures';

// Processing takes 1.5 s in the demo, so the status is seen "in progress" and then complete.
const demoParams = 'demoLatency=0&demoDispatchMs=1500';

const HEADER = ['Employee ID', 'First name', 'Last name', 'Vehicle', 'Start', 'End'];
/** Three good rows (spreadsheet rows 2–4) and three bad ones (rows 5–7). */
const ROWS: XlsxCell[][] = [
  ['CF1011', 'Robert', 'Adams', 'PDX-T104', '2026-11-24 06:00', '2026-11-24 16:00'],
  ['CF1012', 'Andre', 'Thomas', 'PDX-T105', '2026-11-24 07:30', '2026-11-24 17:30'],
  ['CF1013', 'Tanya', 'Ortiz', 'PDX-T107', '11/24/2026 8:00 AM', '11/24/2026 6:00 PM'],
  // There is no 31 November.
  ['CF1015', 'Natalie', 'Johnson', 'PDX-T110', '2026-11-31 06:00', '2026-11-24 16:00'],
  // Ends before it starts.
  ['CF1016', 'Jamal', 'Taylor', 'PDX-T113', '2026-11-24 18:00', '2026-11-24 08:00'],
  // No vehicle has this name (the browser knows the fleet), and no driver this employee ID
  // (only the service knows every driver).
  ['CF9917', 'Luis', 'Russell', 'PDX-T999', '2026-11-24 06:00', '2026-11-24 16:00'],
];

function csvFile() {
  const text = [HEADER, ...ROWS].map((row) => row.join(',')).join('\r\n');
  return { name: 'tomorrow.csv', mimeType: 'text/csv', buffer: Buffer.from(text) };
}

/** The same schedule as a workbook whose good times are real Excel date cells. */
function xlsxFile() {
  const dated = ROWS.map((row, index) =>
    index < 3 || index === 4
      ? row.map((cell, column) =>
          column >= 4 && typeof cell === 'string' && /^\d{4}-/.test(cell)
            ? { dateTime: cell.replace(' ', 'T') }
            : cell,
        )
      : row,
  );
  return {
    name: 'tomorrow.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(writeXlsx([HEADER, ...dated])),
  };
}

/**
 * 10,000 rows that pass every check in the browser, each long enough that together they pass the
 * 2 million characters the page keeps across a reload. They share one vehicle of the fleet (the
 * browser knows its names), each an hour after the one before, so no two periods overlap.
 */
function tenThousandRowsCsv(): string {
  // A column the schedule does not use, kept with the file's rows all the same.
  const lines = [[...HEADER, 'Notes'].join(',')];
  const firstStart = Date.UTC(2027, 0, 5, 0, 0);
  const hour = 3_600_000;
  const minutes = (time: number) => new Date(time).toISOString().slice(0, 16).replace('T', ' ');
  for (let index = 0; index < 10_000; index++) {
    const start = firstStart + index * hour;
    lines.push(
      [
        `CF${100_000 + index}`,
        'Alexandrina Maximiliana Josephine Bartholomea Evan',
        'Montgomery-Fitzwilliam Worthington-Harrington Ash',
        'PDX-T104',
        minutes(start),
        minutes(start + hour),
        'Refrigerated long-haul run from the northern depot; check the reefer unit before departure',
      ].join(','),
    );
  }
  return lines.join('\r\n');
}

interface HeldScheduleReading {
  holding: boolean;
  release: () => void;
}

/**
 * Holds every request to the schedule-reading worker from each page load until released, so the
 * journey sees a read in progress however fast the machine reads.
 */
async function holdScheduleReading(page: Page) {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    const control: HeldScheduleReading = {
      holding: true,
      release() {
        control.holding = false;
        for (const send of held.splice(0)) send();
      },
    };
    (window as unknown as { scheduleReading: HeldScheduleReading }).scheduleReading = control;
    const BrowserWorker = window.Worker;
    window.Worker = class extends BrowserWorker {
      private readonly readsSchedule: boolean;
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.readsSchedule = String(url).includes('schedule-read');
      }
      override postMessage(message: unknown) {
        if (this.readsSchedule && control.holding) held.push(() => super.postMessage(message));
        else super.postMessage(message);
      }
    };
  });
}

async function releaseScheduleReading(page: Page) {
  await page.evaluate(() =>
    (window as unknown as { scheduleReading: HeldScheduleReading }).scheduleReading.release(),
  );
}

async function fixCell(page: Page, label: string, value: string) {
  const cell = page.getByLabel(label, { exact: true });
  await cell.fill(value);
  await cell.press('Enter');
}

/** Upload → columns → local check and fixes → service check and fix → submit → results. */
async function runWizard(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  options: { reloads: boolean },
) {
  await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
  await expect(page.getByRole('heading', { name: 'Dispatch upload', level: 1 })).toBeVisible();
  await page.getByLabel('Schedule file').setInputFiles(file);

  // The columns are recognised from the headers.
  await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('Column D: Vehicle');
  await expect(page.getByRole('combobox', { name: 'Start' })).toHaveValue('Column E: Start');
  await page.getByRole('button', { name: 'Check the rows' }).click();

  // The three mistakes the browser can see, named by spreadsheet row and field.
  await expect(page.getByText('3 of 6 rows need work')).toBeVisible();
  const problems = page.getByRole('list', { name: 'Problems found' });
  await expect(problems).toContainText(
    'Row 5: Start "2026-11-31 06:00" is not a date-time we can read: there is no day 31',
  );
  await expect(problems).toContainText('Row 6: End (24 Nov, 08:00) must be after the start');
  await expect(problems).toContainText(
    'Row 7, Vehicle: No vehicle in the fleet is named "PDX-T999". Check the spelling',
  );
  await expect(page.getByRole('button', { name: 'Continue to the service check' })).toBeDisabled();

  if (options.reloads) {
    await expectNoSeriousViolations(page, 'rows that need work', { within: 'main', rules: 'all' });
    await page.reload();
    await expect(page.getByText('3 of 6 rows need work')).toBeVisible();
  }
  await fixCell(page, 'Row 5 Start', '2026-11-24 06:00');
  await fixCell(page, 'Row 6 End', '2026-11-24 22:00');
  await fixCell(page, 'Row 7 Vehicle', 'PDX-T116');
  await expect(page.getByText('The rows pass every check in the browser')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to the service check' }).click();

  // Validate only: the service names the unknown driver, in words.
  await page.getByRole('button', { name: 'Check with the service' }).click();
  await expect(page.getByText('The service would reject 1 of 6 entries')).toBeVisible();
  const checked = page.getByRole('table', { name: 'Rows checked by the service' });
  const rejectedRow = checked
    .getByRole('row')
    .filter({ has: page.getByLabel('Row 7 Employee ID') });
  await expect(rejectedRow).toContainText('E_NO_MATCH_DRIVER');
  await expect(rejectedRow).toContainText('No driver has this employee ID');
  await expect(page.getByRole('button', { name: 'Submit 6 entries' })).toBeDisabled();

  await fixCell(page, 'Row 7 Employee ID', 'CF1017');
  await expect(rejectedRow).toContainText('Changed');
  await expect(rejectedRow).toContainText('Edited since the service answered: No driver has');
  if (options.reloads) {
    await page.reload();
    await expect(page.getByLabel('Row 7 Employee ID', { exact: true })).toHaveValue('CF1017');
    await expect(rejectedRow).toContainText('Changed');
  }
  await page.getByRole('button', { name: 'Check again with the service' }).click();
  await expect(page.getByText('The service would accept all 6 entries')).toBeVisible();

  await page.getByRole('button', { name: 'Submit 6 entries' }).click();
  await page
    .getByRole('dialog', { name: 'Submit the schedule?' })
    .getByRole('button', { name: 'Submit 6 entries' })
    .click();

  // The submission log is followed until processing completes.
  await expect(page.getByText(/The service is processing the schedule/)).toBeVisible();
  await expect(page.getByText(/Processing is complete/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('All 6 entries were accepted')).toBeVisible();
  const results = page.getByRole('table', { name: 'Submission results' });
  await expect(results.getByText('SUCCESS', { exact: true })).toHaveCount(6);
  await expect(results).toContainText('PDX-T116');
  await expect(
    page.getByRole('table', { name: 'Recent submissions' }).getByRole('link'),
  ).toHaveCount(1);
}

test.describe('dispatch upload', () => {
  test(
    'a CSV with mistakes is fixed in place, validated, submitted and followed to the end',
    { tag: '@live' },
    async ({ page }) => {
      await runWizard(page, csvFile(), { reloads: true });

      // The results stay reachable from the recent submissions.
      await page.getByRole('table', { name: 'Recent submissions' }).getByRole('link').click();
      await expect(page.getByRole('heading', { name: /^Submission \d+$/, level: 1 })).toBeVisible();
      await expect(
        page
          .getByRole('table', { name: 'Submission results' })
          .getByText('SUCCESS', { exact: true }),
      ).toHaveCount(6);
    },
  );

  test('an unknown vehicle is marked in the browser, and the results name the rows removed before submitting', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
    await page.getByLabel('Schedule file').setInputFiles(csvFile());
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByText('3 of 6 rows need work')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Problems found' })).toContainText(
      'Row 7, Vehicle: No vehicle in the fleet is named "PDX-T999"',
    );

    await page.getByRole('button', { name: 'Remove the 3 rows with problems' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the rows with problems?' })
      .getByRole('button', { name: 'Remove rows' })
      .click();
    await page.getByRole('button', { name: 'Continue to the service check' }).click();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await expect(page.getByText('The service would accept all 3 entries')).toBeVisible();
    await page.getByRole('button', { name: 'Submit 3 entries' }).click();
    await page
      .getByRole('dialog', { name: 'Submit the schedule?' })
      .getByRole('button', { name: 'Submit 3 entries' })
      .click();
    await expect(page.getByText('All 3 entries were accepted')).toBeVisible({ timeout: 20_000 });
    const removedNote = page.getByText(
      '3 rows of the file were removed before submitting, so they were not sent',
    );
    await expect(removedNote).toBeVisible();
    const removedRows = page.getByRole('list', { name: 'Rows removed before submitting' });
    await expect(removedRows.getByRole('listitem')).toHaveCount(3);
    await expect(removedRows.getByRole('listitem').last()).toHaveText(
      'Row 7: Luis Russell (CF9917), PDX-T999 — No vehicle in the fleet is named "PDX-T999". Check the spelling against the vehicle list.',
    );

    // Re-opened from the recent submissions, the results still say so.
    await page.getByRole('table', { name: 'Recent submissions' }).getByRole('link').click();
    await expect(page.getByRole('heading', { name: /^Submission \d+$/, level: 1 })).toBeVisible();
    await expect(removedNote).toBeVisible();
    await expect(removedRows).toContainText('Row 5: Natalie Johnson (CF1015), PDX-T110 — Start');
  });

  test('a remembered submission this browser cannot read is cleared, and the page says so', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A time past the end of dates: new Date(1e300) cannot be written out.
    await page.addInitScript((username) => {
      const key = `fleet-console.dispatch-recent.v1.${username}`;
      const submission = {
        batchId: 41,
        submittedAt: 1e300,
        fileName: 'old.csv',
        entryCount: 1,
        acceptedCount: 1,
        rejectedCount: 0,
      };
      if (localStorage.getItem(key) === null)
        localStorage.setItem(key, JSON.stringify([submission]));
    }, demoDispatcher.username);
    await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
    await expect(page.getByRole('heading', { name: 'Dispatch upload', level: 1 })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent submissions' });
    await expect(recent).toContainText('could not be read');
    await expect(page.getByText('Invalid time value')).toHaveCount(0);
    await expect(page.getByLabel('Schedule file')).toBeAttached();
    expect(errors).toEqual([]);
  });

  test('an Excel workbook goes through the same steps', async ({ page }) => {
    await runWizard(page, xlsxFile(), { reloads: false });
  });

  test('the upload survives a reload and a session expiry on the way to the service', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
    const goodRows = [HEADER, ...ROWS.slice(0, 3)].map((row) => row.join(',')).join('\n');
    await page
      .getByLabel('Schedule file')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(goodRows) });
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByRole('button', { name: 'Continue to the service check' }).click();

    // The token runs out while the page is away: the service check meets a 401.
    await expireSessionAtNextRequest(page, {
      method: 'POST',
      pathPattern: '/v1/driver-assignments/dispatch',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(demoDispatcher.password);
    await dialog.getByRole('button', { name: 'Continue session' }).click();
    // The paused check is replayed once the user is back.
    await expect(page.getByText('The service would accept all 3 entries')).toBeVisible();
  });

  test('10,000 rows are read and checked with their progress shown, and a read can be cancelled', async ({
    page,
  }) => {
    await holdScheduleReading(page);
    await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
    // Files on disk, as a user picks them: a buffer would be rebuilt inside the page by the test
    // tool, a long task of its own.
    const firstPath = test.info().outputPath('ten-thousand.csv');
    const secondPath = test.info().outputPath('next-week.csv');
    writeFileSync(firstPath, tenThousandRowsCsv());
    writeFileSync(secondPath, tenThousandRowsCsv());
    const input = page.getByLabel('Schedule file');

    await input.setInputFiles(firstPath);
    await expect(page.getByRole('progressbar', { name: 'Reading ten-thousand.csv' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await releaseScheduleReading(page);
    await expect(page.getByText('ten-thousand.csv: 10,000 rows.')).toBeVisible();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByText('The rows pass every check in the browser')).toBeVisible();
    await expect(page.getByText('10,000 rows ready to be checked by the service.')).toBeVisible();
    await expect(page.getByLabel('Row 2 Vehicle', { exact: true })).toHaveValue('PDX-T104');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This upload will not survive a reload' }),
    ).toBeVisible();

    // Kept without its rows, the upload asks for its file again, keeping its settings.
    await page.reload();
    const keptUpload = page.getByText(
      'ten-thousand.csv was too large to keep across a reload, so its rows are gone.',
    );
    await expect(keptUpload).toBeVisible();

    // Another file is chosen, then the read is cancelled: the page is as it was.
    await input.setInputFiles(secondPath);
    await expect(page.getByRole('progressbar', { name: 'Reading next-week.csv' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(input).toBeFocused();
    await expect(input).toBeEnabled();
    await expect(keptUpload).toBeVisible();
    await expect(page.getByText('cannot be used')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Step 1 of 5: Upload' })).toBeVisible();

    // The next file is read by a new worker.
    await releaseScheduleReading(page);
    await input.setInputFiles(csvFile());
    await expect(page.getByText('tomorrow.csv: 6 rows.')).toBeVisible();
  });

  test('unusable files get a clear message', async ({ page }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch', demoParams });
    const input = page.getByLabel('Schedule file');
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await expect(page.getByRole('alert')).toContainText('The file is empty.');
    await input.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
    });
    await expect(page.getByRole('alert')).toContainText(
      'The file is a PNG image, not a text file.',
    );
    await input.setInputFiles({
      name: 'names.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Truck\nAl,T1\n'),
    });
    await expect(page.getByRole('alert')).toContainText('a schedule needs at least Employee ID');
  });
});
