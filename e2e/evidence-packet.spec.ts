import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import type { PacketManifest } from '../src/features/events/packet/build-evidence-packet';
import { demoManager, expect, injectFaults, sendFromPage, signIn, test } from './fixtures';

/** The packet's files by path, its manifest, and each manifest hash checked against its file. */
async function openPacket(download: Download) {
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as PacketManifest;
  for (const entry of manifest.files) {
    const bytes = files[entry.path];
    expect(bytes, entry.path).toBeDefined();
    expect(bytes!.byteLength, entry.path).toBe(entry.bytes);
    expect(createHash('sha256').update(bytes!).digest('hex'), entry.path).toBe(entry.sha256);
  }
  // Every file in the archive is in the manifest (the manifest itself aside).
  expect(
    Object.keys(files)
      .filter((path) => path !== 'manifest.json')
      .sort(),
  ).toEqual(manifest.files.map((entry) => entry.path).sort());
  return { files, manifest };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

const isJpeg = (bytes: Uint8Array | undefined) => bytes?.[0] === 0xff && bytes[1] === 0xd8;

async function buildPacket(page: Page): Promise<Download> {
  const dialog = page.getByRole('dialog', { name: 'Evidence packet' });
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Build packet' }).click();
  const saved = await download;
  await expect(dialog.getByRole('status').filter({ hasText: 'Packet saved' })).toBeVisible();
  return saved;
}

/** The review queue at a desk's width, once it lists `rows` events. */
async function queueAtDesk(page: Page, rows: number): Promise<Locator> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demoManager, { path: '/events' });
  const table = page.getByRole('table', { name: 'Safety events' });
  await expect(table.getByRole('row').nth(rows)).toBeVisible({ timeout: 60_000 });
  return table;
}

test.describe('evidence packet', () => {
  test('an event page packs its video, a PDF report with notes and stills, and a manifest whose hashes match @live', async ({
    page,
  }) => {
    test.slow();
    // Coached events carry review and coaching notes more often than not.
    await signIn(page, demoManager, { path: '/events?statuses=5' });
    await page
      .getByRole('table', { name: 'Safety events' })
      .getByRole('row')
      .nth(1)
      .getByRole('link')
      .click();
    const notes = page.getByRole('region', { name: 'Notes' });
    // The first coached event with a note (the demo's data is the same on every run).
    for (let step = 0; step < 15; step++) {
      await expect(notes).toBeVisible({ timeout: 30_000 });
      if ((await notes.getByRole('listitem').count()) > 0) break;
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      await page.keyboard.press('j');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading);
    }
    const noteBody = await notes.getByRole('listitem').first().locator('p').last().innerText();
    const [trigger, customerEventId] = (
      await page.getByRole('heading', { level: 1 }).innerText()
    ).split(' · ');

    await page.getByRole('button', { name: 'Evidence packet' }).click();
    const saved = await buildPacket(page);
    expect(saved.suggestedFilename()).toBe(`evidence-${customerEventId}.zip`);

    const { files, manifest } = await openPacket(saved);
    expect(manifest.madeBy).toBe(demoManager.username);
    expect(manifest.console).toMatch(/^Fleet Console \d+\.\d+\.\d+$/);
    expect(manifest.events).toEqual([
      expect.objectContaining({ customerEventId, packed: true, problems: [] }),
    ]);
    const folder = customerEventId!;
    expect(Object.keys(files).sort()).toEqual(
      [
        `${folder}/${folder}.mp4`,
        `${folder}/report.pdf`,
        `${folder}/still-1.jpg`,
        `${folder}/still-2.jpg`,
        `${folder}/still-3.jpg`,
        'manifest.json',
      ].sort(),
    );
    // An MP4 starts with its 'ftyp' box; the stills are JPEGs.
    expect(new TextDecoder().decode(files[`${folder}/${folder}.mp4`]!.slice(4, 8))).toBe('ftyp');
    for (const still of [1, 2, 3]) expect(isJpeg(files[`${folder}/still-${still}.jpg`])).toBe(true);

    const report = await pdfText(files[`${folder}/report.pdf`]!);
    expect(report).toContain(customerEventId);
    expect(report).toContain(`Trigger ${trigger}`);
    // The video's hash as the manifest has it, the root group named as a group, numbered pages.
    const video = manifest.files.find((entry) => entry.path === `${folder}/${folder}.mp4`);
    expect(report).toContain(video!.sha256);
    expect(report).toContain('Group tree');
    expect(report).not.toContain('Company');
    expect(report).toMatch(/Page 1 of \d+/);
    expect(report).toContain(noteBody);
    expect(report).toContain('In UTC');
    expect(report).toContain(`Made by ${demoManager.username}`);

    // Cancel stops a packet at once and saves nothing: here the service holds the video back.
    const dialog = page.getByRole('dialog', { name: 'Evidence packet' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/events/[^/]+/file', status: 429, retryAfter: 60, times: 1 },
    ]);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Evidence packet' }).click();
    await dialog.getByRole('button', { name: 'Build packet' }).click();
    await expect(dialog.getByText('Packing')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Cancelled.*nothing was saved/);
    // Cancelled, the dialog offers the packet again, and Escape closes it.
    await expect(dialog.getByRole('button', { name: 'Build packet' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(downloads).toBe(0);
  });

  test('the queue packs picked events with their DCE files, and names the one whose video is missing while the others go on', async ({
    page,
  }) => {
    test.slow();
    const table = await queueAtDesk(page, 3);
    const picks = table.getByRole('checkbox', { name: /^Pick .* for an evidence packet$/ });
    const names: string[] = [];
    for (const index of [0, 1, 2]) {
      const box = picks.nth(index);
      names.push(
        (await box.getAttribute('aria-label'))!.replace(/^Pick (.*) for an evidence packet$/, '$1'),
      );
      await box.check();
    }
    await expect(page.getByText('3 of 20 picked')).toBeVisible();
    // By keyboard: j moves past the third pick, x picks the event there and x again unpicks it.
    await page.keyboard.press('j');
    await expect(table.getByRole('row').nth(4)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('x');
    await expect(picks.nth(3)).toBeChecked();
    await expect(page.getByText('4 of 20 picked')).toBeVisible();
    await page.keyboard.press('x');
    await expect(page.getByText('3 of 20 picked')).toBeVisible();

    // The third event's video is gone from the service (its ID from its row's link).
    const href = await table.getByRole('row').nth(3).getByRole('link').getAttribute('href');
    const missingId = new URL(href!, page.url()).pathname.split('/').at(-1)!;
    expect(missingId).toMatch(/^[0-9a-f-]{36}$/);
    // Picks are kept for the tab: they are still there after a reload.
    await page.reload();
    await expect(page.getByText('3 of 20 picked')).toBeVisible({ timeout: 30_000 });
    await injectFaults(page, [
      { method: 'GET', pathPattern: `/events/${missingId}/file`, status: 404, times: 1 },
    ]);

    await page.getByRole('button', { name: 'Evidence packet (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evidence packet' });
    await dialog.getByRole('checkbox', { name: /Include the DCE files/ }).check();
    const saved = await buildPacket(page);
    expect(saved.suggestedFilename()).toMatch(/^evidence-packet-\d{4}-\d{2}-\d{2}-3-events\.zip$/);
    const missing = dialog.getByRole('listitem', { name: `Event ${names[2]}` });
    await expect(missing.getByText('Packed in part')).toBeVisible();
    await expect(missing.getByText('The service has no video for this event.')).toBeVisible();

    const { files, manifest } = await openPacket(saved);
    expect(manifest.events.map((event) => event.customerEventId)).toEqual(names);
    expect(manifest.events.map((event) => event.problems)).toEqual([
      [],
      [],
      ['The service has no video for this event.'],
    ]);
    for (const name of names.slice(0, 2)) {
      expect(files[`${name}/${name}.mp4`]).toBeDefined();
      expect(new TextDecoder().decode(files[`${name}/${name}.dce`]!.slice(0, 4))).toBe('DCE1');
    }
    // The event without a video still has its DCE file and its report, which says why no stills.
    expect(files[`${names[2]}/${names[2]}.mp4`]).toBeUndefined();
    expect(files[`${names[2]}/${names[2]}.dce`]).toBeDefined();
    expect(await pdfText(files[`${names[2]}/report.pdf`]!)).toContain(
      'No stills: the video could not be read.',
    );

    // Picks stay until cleared.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Clear picks' }).click();
    await expect(page.getByText(/of 20 picked/)).toBeHidden();
  });

  test('hostile event IDs get safe folders of their own, and a video that is not one is named', async ({
    page,
  }) => {
    test.slow();
    const table = await queueAtDesk(page, 2);
    const ids: string[] = [];
    for (const row of [1, 2]) {
      const href = await table.getByRole('row').nth(row).getByRole('link').getAttribute('href');
      ids.push(new URL(href!, page.url()).pathname.split('/').at(-1)!);
    }
    // The service names the two events '..' and '.', and sends text as the first one's video.
    const hostileIds = ['..', '.'];
    const faults: Parameters<typeof injectFaults>[1] = [];
    for (const [at, id] of ids.entries()) {
      const detail = await sendFromPage(page, 'GET', `/service/api/v0/video/safety/events/${id}`);
      expect(detail.status).toBe(200);
      const body = { ...(JSON.parse(detail.text) as object), customerEventId: hostileIds[at] };
      faults.push({ method: 'GET', pathPattern: `/events/${id}$`, body: JSON.stringify(body) });
    }
    faults.push({
      method: 'GET',
      pathPattern: `/events/${ids[0]}/file`,
      body: 'not a video at all!',
      times: 1,
    });
    await injectFaults(page, faults);

    const picks = table.getByRole('checkbox', { name: /^Pick .* for an evidence packet$/ });
    await picks.nth(0).check();
    await picks.nth(1).check();
    await page.getByRole('button', { name: 'Evidence packet (2)' }).click();
    const saved = await buildPacket(page);
    const dialog = page.getByRole('dialog', { name: 'Evidence packet' });
    const problem = /^The video file is not a video \(19 bytes of text/;
    await expect(dialog.getByRole('listitem').first().getByText(problem)).toBeVisible();
    await expect(dialog.getByRole('listitem').first().getByText('Packed in part')).toBeVisible();

    const { files, manifest } = await openPacket(saved);
    for (const path of Object.keys(files)) {
      expect(
        path.split('/').every((part) => part !== '..' && part !== '.'),
        path,
      ).toBe(true);
    }
    expect(
      manifest.events.map(({ customerEventId, folder, packed }) => ({
        customerEventId,
        folder,
        packed,
      })),
    ).toEqual([
      { customerEventId: '..', folder: ids[0], packed: false },
      { customerEventId: '.', folder: ids[1], packed: true },
    ]);
    expect(manifest.events[0]!.problems).toEqual([expect.stringMatching(problem)]);
    // Each event's report is its own, in its own folder.
    // (Each PDF is read once: reading hands its bytes over to the PDF reader.)
    const reports = await Promise.all(ids.map((id) => pdfText(files[`${id}/report.pdf`]!)));
    reports.forEach((report, at) => expect(report).toContain(ids[at]));
    expect(reports[0]).toContain('No stills: the video file is not a video.');
  });
});
