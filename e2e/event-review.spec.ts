import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { demoManager, expect, signIn, test } from './fixtures';

const FRAME_SECONDS = 1 / 30;

function eventIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

const currentTime = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** Waits until the player knows its length: the review controls act on it from then on. */
async function waitForVideoMetadata(video: Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
}

/** About one event in ten has no clip: from the opened event, moves on with j to one that has. */
async function reachEventWithVideo(page: Page): Promise<Locator> {
  const video = page.getByLabel('Event video');
  for (let attempt = 0; attempt < 15; attempt++) {
    await expect(video.or(page.getByText('No video for this event'))).toBeVisible({
      timeout: 30_000,
    });
    if (await video.isVisible()) break;
    const before = eventIdOf(page);
    await page.keyboard.press('j');
    await expect.poll(() => eventIdOf(page)).not.toBe(before);
  }
  await expect(video).toBeVisible();
  await waitForVideoMetadata(video);
  return video;
}

test.describe('event review', () => {
  test('a moment in the address that is not a number opens the video at its start', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, demoManager, { path: '/events' });
    const queue = page.getByRole('table', { name: 'Safety events' });
    await queue.getByRole('row').nth(1).getByRole('link').first().click({ timeout: 30_000 });
    await reachEventWithVideo(page);

    await page.goto(`/events/${eventIdOf(page)}?t=abc`);
    const video = page.getByLabel('Event video');
    await waitForVideoMetadata(video);
    await expect(page.getByText(/^0:00\.00 \/ \d/)).toBeVisible();
    expect(await currentTime(video)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a coach slows the video, steps frames, seeks on the timeline and shares a moment', async ({
    page,
    context,
  }) => {
    // Two tabs, video decoding and two axe scans in each theme.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, demoManager, { path: '/events' });
    const queue = page.getByRole('table', { name: 'Safety events' });
    await expect(queue.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await queue.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}/);
    const video = await reachEventWithVideo(page);

    // Half speed, from the labelled speed picker.
    const speed = page.getByRole('radiogroup', { name: 'Playback speed' });
    await speed.getByText('0.5×', { exact: true }).click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate))
      .toBe(0.5);

    // One frame forward with the button, and back with the "," key.
    const start = await currentTime(video);
    await page.getByRole('button', { name: 'Next frame' }).click();
    await expect.poll(() => currentTime(video)).toBeCloseTo(start + FRAME_SECONDS, 3);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press(',');
    await expect.poll(() => currentTime(video)).toBeCloseTo(start, 3);
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await expect.poll(() => currentTime(video)).toBeCloseTo(start + 2 * FRAME_SECONDS, 3);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    // The help lists the frame keys beside the others.
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toContainText('Next frame');
    await expect(shortcuts).toContainText('Previous frame');
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    // The timeline marks the trigger and draws each g-force against its threshold.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.locator('svg text', { hasText: 'Trigger' })).toBeVisible();
    const readings = timeline.getByRole('list', { name: 'Timeline readings' });
    await expect(readings).toContainText('Trigger at 0:08.00');
    await expect(readings).toContainText(/Forward peak −?\d\.\d\d g.* · threshold \d\.\d\d g/);
    await expect(readings).toContainText(/Lateral peak −?\d\.\d\d g.* · threshold \d\.\d\d g/);
    // In the unit the browser's locale suggests until one is chosen in Settings.
    await expect(readings).toContainText(/Speed at the trigger: \d+ (km\/h|mph)/);
    await expect(timeline).toContainText('not readings through the clip');

    // Seek: a click a quarter of the way along, then the arrow keys on the focused timeline.
    const slider = timeline.getByRole('slider', { name: 'Video position' });
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect.poll(() => currentTime(video)).toBeCloseTo(duration * 0.25, 1);
    const afterClick = await currentTime(video);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(video)).toBeCloseTo(afterClick + 1, 3);
    await expect(slider).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((afterClick + 1) * 100) / 100),
    );
    await timeline.getByRole('button', { name: 'Go to the trigger' }).click();
    await expect.poll(() => currentTime(video)).toBeCloseTo(8, 3);

    // One frame past the trigger, copy a link at this moment and open it in another tab: the
    // video starts there, to the hundredth the clock shows (not a whole second early).
    await page.getByRole('button', { name: 'Next frame' }).click();
    await expect.poll(() => currentTime(video)).toBeGreaterThan(8);
    const copiedAt = Math.round((await currentTime(video)) * 100) / 100;
    await page.getByRole('button', { name: 'Copy link at this second' }).click();
    await expect(page.getByText(`Link to 0:0${copiedAt.toFixed(2)} copied`)).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).searchParams.get('t')).toBe(String(copiedAt));
    expect(new URL(link).pathname).toBe(`/events/${eventIdOf(page)}`);
    const shared = await context.newPage();
    await shared.goto(link);
    const sharedVideo = await reachEventWithVideo(shared);
    await expect.poll(() => currentTime(sharedVideo)).toBeCloseTo(copiedAt, 2);
    expect(await sharedVideo.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await shared.close();

    // Coaching is shown read-only, and says so.
    const coaching = page.getByRole('region', { name: 'Review and coaching' });
    await expect(coaching).toContainText(
      'Coaching is recorded in the vendor’s coaching workflow; this console shows it read-only.',
    );
    await expect(coaching).toContainText('Coaching due');
    await expect(page.getByRole('region', { name: 'Notes' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the event location' })).toBeVisible();

    await expectNoSeriousViolationsInEitherTheme(page, 'the event review page');

    // On a phone the review tools wrap instead of pushing the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(slider).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link at this second' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    for (const control of [speed, slider, readings]) {
      const controlBox = (await control.boundingBox())!;
      expect(controlBox.x + controlBox.width).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('an event opened from a scorecard', () => {
  test('keeps the speed, highlights Scorecards and returns to the scorecard with its window', async ({
    page,
  }) => {
    // A window of scorecards read, video decoding and two visits to the event page.
    test.slow();
    await signIn(page, demoManager, { path: '/scorecards' });
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const ranking = page.getByRole('table', { name: 'Driver ranking' });
    await expect(ranking.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    const driverLink = ranking.getByRole('row').nth(1).getByRole('link').first();
    const driverName = await driverLink.innerText();
    await driverLink.click();
    await expect(page.getByRole('heading', { name: driverName, level: 1 })).toBeVisible();
    const scorecardUrl = page.url();
    const events = page.getByRole('table', { name: "Driver's events" });
    await events.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?/);

    // The event belongs to the scorecards, not to the review queue.
    await expect(navigation.getByRole('link', { name: 'Scorecards' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(navigation.getByRole('link', { name: 'Safety events' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Back to queue' })).toHaveCount(0);

    const video = await reachEventWithVideo(page);
    const speed = page.getByRole('radiogroup', { name: 'Playback speed' });
    await speed.getByText('0.5×', { exact: true }).click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate))
      .toBe(0.5);

    // j stays within the driver's events and keeps the speed and the way back.
    const before = eventIdOf(page);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('j');
    await expect.poll(() => eventIdOf(page)).not.toBe(before);
    await expect(page).toHaveURL(/driverId=/);
    await expect(speed.getByRole('radio', { name: '0.5×' })).toBeChecked();

    // The driver is offered both as a user and by their scorecard.
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('link', { name: driverName, exact: true })).toHaveAttribute(
      'href',
      /\/users\//,
    );
    await expect(details.getByRole('link', { name: `${driverName}’s scorecard` })).toHaveAttribute(
      'href',
      /\/scorecards\/drivers\//,
    );

    await page.getByRole('link', { name: `Back to ${driverName}’s scorecard` }).click();
    await expect(page.getByRole('heading', { name: driverName, level: 1 })).toBeVisible();
    // The same address: the same window, the same page of events.
    expect(page.url()).toBe(scorecardUrl);

    // The next event opened from the scorecard starts at the speed chosen before.
    await events.getByRole('row').nth(2).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?/);
    await expect(speed.getByRole('radio', { name: '0.5×' })).toBeChecked();
  });
});
