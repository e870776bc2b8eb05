import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoSeriousViolations } from './axe-checks';
import { cellsInColumn, cutTexts, demoManager, expect, signIn, test } from './fixtures';

const TRIGGER = 'Harsh Braking';

/** The event's GUID from the address bar of an event page. */
function eventIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

async function queuePosition(page: Page): Promise<number> {
  const text = await page.getByText(/^Event [\d,]+ of [\d,]+ in the queue$/).textContent();
  return Number(/^Event ([\d,]+)/.exec(text ?? '')![1]!.replaceAll(',', ''));
}

test.describe('safety events', () => {
  test('the queue shows its filters and columns whole, with a score, and exports what it shows in the chosen zone', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    // Times in Tokyo's zone: the file's name and its dates follow it.
    await page.addInitScript(() => {
      localStorage.setItem(
        'fleet-console.display',
        JSON.stringify({ eventTimeZone: 'chosen', chosenTimeZone: 'Asia/Tokyo' }),
      );
    });
    await signIn(page, demoManager, { path: '/events' });
    const table = page.getByRole('table', { name: 'Safety events' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Trigger', exact: true }).click();
    await page.getByRole('option', { name: TRIGGER }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/triggers=/);
    const summary = page.getByText(/^[\d,]+ events · all loaded$/);
    await expect(summary).toBeVisible();
    const shown = Number((await summary.textContent())!.replace(/\D.*$/, ''));

    // The chosen trigger reads whole, and the row of filters stays lined up by its labels.
    await expect(cutTexts(page.getByText(TRIGGER, { exact: true }))).resolves.toEqual([]);
    const labelTop = async (name: string) =>
      (await page.locator('label').getByText(name, { exact: true }).boundingBox())!.y;
    expect(await labelTop('Trigger')).toBe(await labelTop('Date range'));
    expect(await labelTop('Status')).toBe(await labelTop('Date range'));

    // Every heading and the first rows read whole; the score has its own column.
    await expect(cutTexts(table.getByRole('columnheader'))).resolves.toEqual([]);
    await expect(table.getByRole('columnheader', { name: 'Score' })).toBeVisible();
    await expect((await cellsInColumn(table, 'Score')).first()).toHaveText(/^\d+$/);
    await expect(cutTexts(table.getByRole('row').nth(1).getByRole('cell'))).resolves.toEqual([]);

    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByText('Safety events matching the filters')).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const download = await downloadPromise;
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
      new Date(),
    );
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^safety-events-${tokyoDay}-\\d{4}\\.csv$`),
    );
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual(expect.arrayContaining(['Recorded', 'Trigger', 'Score', 'Vehicle']));
    const column = (title: string) => header!.indexOf(title);
    expect(rows).toHaveLength(shown);
    expect(new Set(rows.map((row) => row[column('Trigger')]))).toEqual(new Set([TRIGGER]));
    expect(rows.every((row) => /T\d{2}:\d{2}:\d{2}\+09:00$/.test(row[column('Recorded')]!))).toBe(
      true,
    );
    expect(rows.every((row) => /^\d+$/.test(row[column('Score')]!))).toBe(true);
  });

  test(
    'filters the queue, plays and downloads an event, moves on with j, and keeps the filter on reload',
    { tag: '@live' },
    async ({ page }) => {
      // A long journey with video playback and two downloads: give it the slow-test budget.
      test.slow();
      await signIn(page, demoManager, { path: '/events' });
      await expect(page.getByRole('heading', { name: 'Safety events', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      const table = page.getByRole('table', { name: 'Safety events' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();

      // Filter by trigger (on the service) and by date range (a preset of the range picker).
      await page.getByRole('combobox', { name: 'Trigger', exact: true }).click();
      await page.getByRole('option', { name: TRIGGER }).click();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/triggers=/);
      await page.getByRole('button', { name: 'Date range' }).click();
      await page.getByRole('button', { name: 'Last 14 days' }).click();
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
      await expect(page).toHaveURL(/to=\d{4}-\d{2}-\d{2}/);
      const triggerCells = await cellsInColumn(table, 'Trigger');
      await expect(triggerCells.first()).toHaveText(TRIGGER);
      await expect
        .poll(async () => new Set(await triggerCells.allTextContents()))
        .toEqual(new Set([TRIGGER]));

      // "?" shows the shortcuts; then select the first row with the pointer and open it with Enter.
      await table.getByRole('row').nth(1).locator('td').nth(2).click();
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(shortcuts).toContainText('Open the selected event');
      await page.keyboard.press('Escape');
      await expect(shortcuts).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIGGER);

      // About one event in ten has no clip: move on (with j, in the same filter) to one that has.
      const video = page.getByLabel('Event video');
      for (let attempt = 0; attempt < 15; attempt++) {
        await expect(video.or(page.getByText('No video for this event'))).toBeVisible();
        if (await video.isVisible()) break;
        const before = eventIdOf(page);
        await page.keyboard.press('j');
        await expect.poll(() => eventIdOf(page)).not.toBe(before);
      }
      await expect(video).toBeVisible();

      // Playable, then playing: space starts it and its clock advances.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
        .toBeGreaterThanOrEqual(3);
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press(' ');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0.5);
      expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
      expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();

      // Downloads are saved under the service's own file names.
      let downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download MP4' }).click();
      let download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^EVT-\d{4}-\d{6}\.mp4$/);
      const mp4 = await readFile((await download.path())!);
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
      downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download DCE' }).click();
      download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^EVT-\d{4}-\d{6}\.dce$/);

      // j goes to the next event of the same filtered queue.
      const current = eventIdOf(page);
      const position = await queuePosition(page);
      await page.keyboard.press('j');
      await expect.poll(() => eventIdOf(page)).not.toBe(current);
      await expect(page).toHaveURL(/triggers=/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIGGER);
      await expect.poll(() => queuePosition(page)).toBe(position + 1);
      await page.keyboard.press('k');
      await expect.poll(() => eventIdOf(page)).toBe(current);

      // Reloading the event keeps its place in the filtered queue.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIGGER);
      await expect.poll(() => queuePosition(page)).toBe(position);

      // Back in the queue, the event just reviewed is selected and the filter survives a reload.
      await page.getByRole('link', { name: 'Back to queue' }).click();
      await expect(page).toHaveURL(new RegExp(`selected=${current}`));
      await page.reload();
      await expect(page).toHaveURL(/triggers=/);
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
      await expect(table.locator('tr[aria-current="true"]')).toBeVisible();
      await expect(triggerCells.first()).toHaveText(TRIGGER);
      await expect
        .poll(async () => new Set(await triggerCells.allTextContents()))
        .toEqual(new Set([TRIGGER]));
    },
  );

  test('an event without a video file says so instead of showing a broken player', async ({
    page,
  }) => {
    const firstPage = page.waitForResponse(
      (response) => response.url().includes('/eventsWithMetadata') && response.status() === 200,
    );
    await signIn(page, demoManager, { path: '/events' });
    const response = await firstPage;
    const authorization = (await response.request().allHeaders())['authorization']!;
    const ids = ((await response.json()) as { id: string }[]).map((event) => event.id);

    // Ask the demo service (in the page) for one byte of each clip until one is missing.
    const missing = await page.evaluate(
      async ({ ids, authorization }) => {
        for (const id of ids) {
          const file = await fetch(`/service/api/v0/video/safety/events/${id}/file?format=mp4`, {
            headers: { Authorization: authorization, Range: 'bytes=0-0' },
          });
          if (file.status === 404) return id;
        }
        return null;
      },
      { ids, authorization },
    );
    expect(missing).not.toBeNull();

    await page.goto(`/events/${missing}`);
    // A cold load: the demo service reads its stored data before it answers.
    await expect(page.getByText('No video for this event')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/File does not exist/)).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download MP4' })).toBeDisabled();
    // The rest of the event is still there.
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Speed');
  });

  test('the queue and the event page have no serious accessibility problems', async ({ page }) => {
    // Two pages loaded and scanned by axe.
    test.slow();
    await signIn(page, demoManager, { path: '/events' });
    const table = page.getByRole('table', { name: 'Safety events' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'More filters' }).click();
    // The shared check waits for transitions (the filters opening, the speed control's indicator):
    // colours caught mid-fade are not the page's.
    await expectNoSeriousViolations(page, 'the queue with more filters', { within: 'main' });

    await table.getByRole('row').nth(1).getByRole('link').click();
    await expect(page.getByText(/^Event 1 of [\d,]+ in the queue$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the event location' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the event page', { within: 'main' });
  });
});
