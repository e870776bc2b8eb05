import { test, expect } from '@playwright/test';
import puppeteer, { Puppeteer, type Browser, type Page } from 'puppeteer-core';
import { SMOKE_GEOFENCE_CORNERS } from '../e2e/demo-web-server';
import {
  blankTile,
  blankTileHeaders,
  demoManager,
  navigationPages,
  tileUrlPattern,
} from '../e2e/fixtures';
import { roleQueryHandler } from './role-query';

/**
 * The smoke set in Firefox ESR: sign in, every page's first screen, an edit saved, an event's
 * video playing and packed into an evidence packet, and a geofence drawn, selecting by role and name (`::-p-role`, role-query.ts).
 */
const firefoxPath = process.env.FIREFOX_PATH;

Puppeteer.registerCustomQueryHandler('role', roleQueryHandler);
const aria = (name: string, role = '') => `::-p-role(${JSON.stringify(`${role}|${name}`)})`;

let browser: Browser;
let page: Page;
/** Uncaught errors of the page: none is expected, in Firefox as in Chromium. */
const pageErrors: string[] = [];

/**
 * The input of a label. Firefox names the label element as well, and gives a password input no
 * role, so of the elements with that name the input is taken.
 */
async function input(label: string) {
  await page.waitForSelector(aria(label), { timeout: 60_000 });
  for (const handle of await page.$$(aria(label))) {
    const isInput = await handle.evaluate(
      (element) => element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement,
    );
    if (isInput) return handle;
  }
  throw new Error(`No input labelled "${label}".`);
}

/** Replaces the input's text as a person does: select all, then type (Puppeteer's fill appends in Firefox). */
async function fill(label: string, value: string) {
  await (await input(label)).click();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.type(value);
}

/**
 * Clicks the first visible match. Not Puppeteer's locator click: in Firefox its wait for a steady
 * position never ended on the events table, whose rows did not move.
 */
async function clickOn(selector: string) {
  const element = await page.waitForSelector(selector, { visible: true });
  if (!element) throw new Error(`Nothing matches ${selector}.`);
  await element.click();
}

async function click(name: string, role: string) {
  await clickOn(aria(name, role));
}

async function waitFor(name: string, role?: string) {
  await page.waitForSelector(aria(name, role), { visible: true, timeout: 60_000 });
}

/** The page's own heading (level 1) matches, and nothing on it is still loading. */
async function waitForFirstScreen(heading: string | RegExp) {
  const source = typeof heading === 'string' ? `^${heading}$` : heading.source;
  await page.waitForFunction(
    (pattern: string) =>
      [...document.querySelectorAll('h1')].some((h1) =>
        new RegExp(pattern).test(h1.textContent?.trim() ?? ''),
      ) && !document.querySelector('[aria-label^="Loading"]'),
    { timeout: 60_000 },
    source,
  );
}

/**
 * Lets the page's requests finish before it is left: Firefox reports a request that a navigation
 * cuts off inside the service worker as a page error ("A ServiceWorker intercepted the request
 * and encountered an unexpected error"), which would hide a real one among them.
 */
async function settleRequests() {
  // At most a few seconds: Puppeteer's count of requests in flight in Firefox once stayed above
  // zero for a minute on an idle Settings page, a request whose end it never heard. A request
  // really cut off still shows as a page error.
  await page.waitForNetworkIdle({ idleTime: 250, timeout: 10_000 }).catch(() => undefined);
}

async function open(path: string) {
  await settleRequests();
  await page.goto(new URL(path, test.info().project.use.baseURL).href);
}

test.describe('Firefox ESR smoke', () => {
  test.skip(!firefoxPath, "No Firefox: set FIREFOX_PATH or install Debian's firefox-esr.");
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath });
    page = await browser.newPage();
    // Firefox on a busy two-core machine: as long as the Chromium journeys' longest waits.
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.setViewport({ width: 1366, height: 860 });
    // No internet in CI: map tiles are a blank image, as in the Chromium journeys.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (tileUrlPattern.test(request.url())) {
        void request.respond({
          status: 200,
          contentType: 'image/png',
          body: blankTile,
          headers: blankTileHeaders,
        });
      } else {
        void request.continue();
      }
    });
    // Signing in is the first step of the set; every test after it uses the session.
    await open('/?demoLatency=0');
    await waitFor('Sign in', 'heading');
    await fill('Username', demoManager.username);
    await fill('Password', demoManager.password);
    await click('Sign in', 'button');
    await waitForFirstScreen('Overview');
  });

  test.afterEach(async () => {
    if (test.info().status !== test.info().expectedStatus) {
      await page.screenshot({ path: test.info().outputPath('failed.png') });
    }
    expect(pageErrors.splice(0)).toEqual([]);
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  test('shows the first screen of every page', async () => {
    await open('/');
    await waitForFirstScreen('Overview');
    for (const [link, heading] of navigationPages) {
      await clickOn(`${aria('Main navigation', 'navigation')} ${aria(link, 'link')}`);
      await waitForFirstScreen(heading);
    }
  });

  test('saves an edit to a user, kept after a reload', async () => {
    await open('/users?q=okafor');
    await waitForFirstScreen('Users');
    await clickOn(`${aria('Users', 'table')} ::-p-role(link)`);
    await waitFor('Profile', 'region');
    await fill('Employee ID', 'FX-1530');
    await click('Save changes', 'button');
    await page.waitForSelector('::-p-text(The user was saved.)', { timeout: 60_000 });
    await settleRequests();
    await page.reload();
    await waitFor('Profile', 'region');
    await expect
      .poll(async () =>
        (await input('Employee ID')).evaluate((element) =>
          element instanceof HTMLInputElement ? element.value : null,
        ),
      )
      .toBe('FX-1530');
  });

  test('plays an event video', async () => {
    await open('/events');
    await waitForFirstScreen(/Safety events|Review queue/);
    await clickOn(`${aria('Safety events', 'table')} ::-p-role(link)`);
    // About one event in ten has no clip: move on with j to one that has.
    let video = null;
    for (let attempt = 0; attempt < 15 && !video; attempt++) {
      await page.waitForSelector(`${aria('Event video')}, ::-p-text(No video for this event)`, {
        visible: true,
        timeout: 60_000,
      });
      video = await page.$(aria('Event video'));
      if (!video) {
        const before = page.url();
        await page.keyboard.press('j');
        await page.waitForFunction((url: string) => location.href !== url, {}, before);
      }
    }
    if (!video) throw new Error('No event with a video in 15 tries.');
    await page.waitForFunction(
      (element) => element instanceof HTMLVideoElement && element.readyState >= 3,
      { timeout: 60_000 },
      video,
    );
    // A click on the player starts it, as the native controls do in either browser.
    await video.click();
    await page.waitForFunction(
      (element) =>
        element instanceof HTMLVideoElement &&
        element.currentTime > 0.5 &&
        !element.paused &&
        element.error === null,
      { timeout: 60_000 },
      video,
    );
  });

  test('packs the event into an evidence packet, stills from its video included', async () => {
    // The event whose video played above: Firefox decodes it for the stills too.
    await click('Evidence packet', 'button');
    await waitFor('Evidence packet', 'dialog');
    await click('Build packet', 'button');
    await page.waitForSelector('::-p-text(Packet saved)', { timeout: 120_000 });
    const stills = await page.$eval('[role="dialog"]', (dialog) =>
      /Stills\s*done/.test(dialog.textContent ?? ''),
    );
    expect(stills).toBe(true);
    await click('Close', 'button');
  });

  test('draws a geofence and saves it', async () => {
    await open('/geofences');
    await waitForFirstScreen('Geofences');
    await click('Draw polygon', 'button');
    await page.waitForSelector('::-p-text(Click to place the first corner)', { timeout: 30_000 });
    const map = await page.waitForSelector(aria('Geofence map', 'region'));
    const box = await map?.boundingBox();
    if (!box) throw new Error('The map is not on the page.');
    for (const [x, y] of SMOKE_GEOFENCE_CORNERS) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    await waitFor('New geofence', 'form');
    await page.waitForSelector('::-p-text(Polygon · 4 corners)');
    await fill('Name', 'Firefox Loading Dock');
    await click('Save geofence', 'button');
    await page.waitForSelector('::-p-text(“Firefox Loading Dock” was created.)', {
      timeout: 60_000,
    });
  });
});
