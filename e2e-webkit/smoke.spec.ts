import { writeFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { unzipSync } from 'fflate';
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { SMOKE_GEOFENCE_CORNERS } from '../e2e/demo-web-server';
import { demoManager, navigationPages } from '../e2e/fixtures';
import { roleQueryHandler } from '../e2e-firefox/role-query';
import { setViewport, startWebKit, type WebKitSession } from '../scripts/webkit-driver.mjs';
import type { PacketManifest } from '../src/features/events/packet/build-evidence-packet';

/**
 * The smoke set in WebKitGTK, Safari's engine: sign in (typing as the app takes the form over),
 * every page's first screen, an edit saved, an event's video playing and stepped by frame, its
 * evidence packet built and read, a geofence drawn, and the live build's sign-in through nginx.
 * Elements are found by role and name in the page (the Firefox smoke's query, role-query.ts).
 */
const driverPath = process.env.WEBKIT_DRIVER_PATH;
const browserPath = process.env.WEBKIT_BROWSER_PATH;
const xvfbPath = process.env.WEBKIT_XVFB_PATH;
const liveUrl = process.env.E2E_WEBKIT_LIVE_URL;

let session: WebKitSession;
let driver: WebDriver;

/** A wait of up to a minute, as long as the Chromium journeys' longest ones on a busy machine. */
const WAIT_MS = 60_000;

const roleQuerySource = String(roleQueryHandler.queryAll);

/**
 * Polls `read` until it gives a value. An element replaced while it was read (the app taking a
 * server-rendered form over, a page being left) is read again, not a failure.
 */
async function until<T>(
  read: () => Promise<T | undefined | null | false>,
  what: string,
  timeout = WAIT_MS,
): Promise<T> {
  let lastError: unknown;
  const value = await driver
    .wait(
      async () => {
        try {
          return (await read()) || false;
        } catch (error) {
          lastError = error;
          return false;
        }
      },
      timeout,
      `Waited ${timeout / 1000} s for ${what}.`,
    )
    .catch((error: unknown) => {
      throw lastError instanceof Error
        ? new Error(`${(error as Error).message} Last error: ${lastError.message}`)
        : error;
    });
  return value as T;
}

/** The visible elements with this role and name, within `scope` or the document. */
async function allByRole(role: string, name?: string, scope?: WebElement): Promise<WebElement[]> {
  const selector = name === undefined ? role : `${role}|${name}`;
  return driver.executeScript<WebElement[]>(
    `return (${roleQuerySource})(arguments[1] ?? document, arguments[0]).filter(
      (element) => element.getClientRects().length > 0,
    );`,
    selector,
    scope,
  );
}

async function byRole(role: string, name?: string, scope?: WebElement): Promise<WebElement> {
  return until(
    async () => (await allByRole(role, name, scope))[0],
    `the ${role || 'element'} "${name ?? ''}"`,
  );
}

async function byText(text: string, timeout = WAIT_MS): Promise<void> {
  await until(
    () =>
      driver.executeScript<boolean>(
        (wanted: string) => document.body.innerText.includes(wanted),
        text,
      ),
    `the text "${text}"`,
    timeout,
  );
}

/** The input of a label (the label element bears the same name). */
async function input(label: string): Promise<WebElement> {
  return until(async () => {
    for (const element of await allByRole('', label)) {
      if (['input', 'textarea'].includes(await element.getTagName())) return element;
    }
    return undefined;
  }, `an input labelled "${label}"`);
}

async function valueOf(label: string): Promise<string> {
  return (await (await input(label)).getProperty('value')) as string;
}

/**
 * Replaces the input's text as a person does, select all then type, until it holds `value`: the
 * sign-in form is the page's static HTML until the app takes it over, and an input replaced
 * while typing is found and checked again.
 */
async function fill(label: string, value: string): Promise<void> {
  await until(async () => {
    if ((await valueOf(label)) === value) return true;
    const element = await input(label);
    // Selected as a person's Ctrl+A does: WebKitGTK's driver lost the text typed after that chord.
    await driver.executeScript((field: HTMLInputElement) => field.select(), element);
    await element.sendKeys(value);
    return (await valueOf(label)) === value;
  }, `"${label}" to hold "${value}"`);
}

/** Clicks the first visible match, found again if the page replaced it before the click. */
async function click(role: string, name?: string, scope?: WebElement): Promise<void> {
  await until(
    async () => {
      await (await byRole(role, name, scope)).click();
      return true;
    },
    `a click on the ${role} "${name ?? ''}"`,
  );
}

/** The page's own heading (level 1) matches, and nothing on it is still loading. */
async function waitForFirstScreen(heading: string | RegExp): Promise<void> {
  const source = typeof heading === 'string' ? `^${heading}$` : heading.source;
  await until(
    () =>
      driver.executeScript<boolean>(
        (pattern: string) =>
          [...document.querySelectorAll('h1')].some((h1) =>
            new RegExp(pattern).test(h1.textContent?.trim() ?? ''),
          ) && !document.querySelector('[aria-label^="Loading"]'),
        source,
      ),
    `the first screen of ${String(heading)}`,
  );
}

/**
 * Uncaught errors of the page, kept in the page. Classic WebDriver cannot report them as the
 * Firefox smoke's BiDi does, so every page loaded records its own from then on.
 */
async function recordPageErrors(): Promise<void> {
  await driver.executeScript(() => {
    const page = window as unknown as { smokeErrors?: string[] };
    if (page.smokeErrors) return;
    const errors: string[] = [];
    page.smokeErrors = errors;
    addEventListener('error', (event) => {
      // The browser's note that a resize was left for the next frame, not an error of the page:
      // the Chromium and Firefox page-error events leave it out too.
      if (event.message.startsWith('ResizeObserver loop')) return;
      errors.push(String(event.message));
    });
    addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
  });
}

async function pageErrors(): Promise<string[]> {
  return driver.executeScript<string[]>(() => {
    const page = window as unknown as { smokeErrors?: string[] };
    return page.smokeErrors?.splice(0) ?? [];
  });
}

async function open(url: string): Promise<void> {
  await driver.get(new URL(url, test.info().project.use.baseURL).href);
  await recordPageErrors();
}

async function signIn(url: string): Promise<void> {
  await open(url);
  await fill('Username', demoManager.username);
  await fill('Password', demoManager.password);
  await click('button', 'Sign in');
  await waitForFirstScreen('Overview');
}

async function pressKey(key: string): Promise<void> {
  await driver.actions().sendKeys(key).perform();
}

async function videoState(video: WebElement) {
  return driver.executeScript<{
    readyState: number;
    currentTime: number;
    paused: boolean;
    error: number | null;
  }>(
    (element: HTMLVideoElement) => ({
      readyState: element.readyState,
      currentTime: element.currentTime,
      paused: element.paused,
      error: element.error?.code ?? null,
    }),
    video,
  );
}

test.describe('WebKitGTK smoke', () => {
  test.skip(
    !driverPath || !browserPath,
    "No WebKitGTK: install Debian's webkit2gtk-driver and xvfb.",
  );
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    if (!driverPath || !browserPath || !xvfbPath) return;
    session = await startWebKit(
      { driver: driverPath, browser: browserPath, xvfb: xvfbPath },
      { width: 1366, height: 860 },
    );
    driver = session.driver;
    // Signing in is the first step of the set; every test after it uses the session. The
    // address without a pause in the demo service, as the Firefox smoke opens it.
    await signIn('/?demoLatency=0');
  });

  test.afterEach(async () => {
    if (test.info().status !== test.info().expectedStatus) {
      await writeFile(
        test.info().outputPath('failed.png'),
        await driver.takeScreenshot(),
        'base64',
      );
    }
    expect(await pageErrors()).toEqual([]);
  });

  test.afterAll(async () => {
    await session?.stop();
  });

  test('shows the first screen of every page', async () => {
    await open('/');
    await waitForFirstScreen('Overview');
    const navigation = await byRole('navigation', 'Main navigation');
    for (const [link, heading] of navigationPages) {
      await click('link', link, navigation);
      await waitForFirstScreen(heading);
    }
  });

  test('saves an edit to a user, kept after a reload', async () => {
    await open('/users?q=okafor');
    await waitForFirstScreen('Users');
    await click('link', undefined, await byRole('table', 'Users'));
    await byRole('region', 'Profile');
    await fill('Employee ID', 'WK-1530');
    await click('button', 'Save changes');
    await byText('The user was saved.');
    await driver.navigate().refresh();
    await recordPageErrors();
    await byRole('region', 'Profile');
    await until(async () => (await valueOf('Employee ID')) === 'WK-1530', 'the saved Employee ID');
  });

  test('plays an event video and steps it by a frame', async () => {
    await open('/events');
    await waitForFirstScreen(/Safety events|Review queue/);
    await click('link', undefined, await byRole('table', 'Safety events'));
    // About one event in ten has no clip: move on with j to one that has.
    let video: WebElement | undefined;
    for (let attempt = 0; attempt < 15 && !video; attempt++) {
      video = await until(
        async () =>
          (await allByRole('', 'Event video'))[0] ??
          ((await driver.executeScript<boolean>(() =>
            document.body.innerText.includes('No video for this event'),
          )) &&
            'none'),
        'an event video or its absence',
      ).then((found) => (found === 'none' ? undefined : found));
      if (!video) {
        const before = await driver.getCurrentUrl();
        await pressKey('j');
        await until(async () => (await driver.getCurrentUrl()) !== before, 'the next event');
      }
    }
    if (!video) throw new Error('No event with a video in 15 tries.');
    const player = video;
    await until(async () => (await videoState(player)).readyState >= 3, 'the video to load');
    // Space plays and pauses, as the review shortcuts have it.
    await pressKey(Key.SPACE);
    await until(async () => {
      const state = await videoState(player);
      return state.currentTime > 0.5 && !state.paused && state.error === null;
    }, 'the video to play');
    // A full stop steps a frame (the button's name carries its key hint: "Next frame .").
    await pressKey('.');
    const paused = await until(async () => {
      const state = await videoState(player);
      return state.paused && state;
    }, 'the video to pause on a frame');
    await pressKey('.');
    await until(
      async () => (await videoState(player)).currentTime > paused.currentTime,
      'the next frame',
    );
    // WebKit may refuse the clipboard: either way the link is given, copied or shown to copy.
    await click('button', 'Copy link at this second');
    await until(
      () =>
        driver.executeScript<boolean>(() =>
          /Link to .* copied|copying was not allowed/.test(document.body.innerText),
        ),
      'the link at this second',
    );
  });

  test('packs the event into an evidence packet, stills from its video included', async () => {
    // The packet is saved through a link's click; kept here instead, to be read as the file.
    await driver.executeScript(() => {
      const page = window as unknown as { savedFiles?: { name: string; blob: Blob }[] };
      const saved: { name: string; blob: Blob }[] = [];
      page.savedFiles = saved;
      const blobs = new Map<string, Blob>();
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = createObjectURL(object);
        if (object instanceof Blob) blobs.set(url, object);
        return url;
      };
      const clickLink = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href);
        if (this.download && blob) saved.push({ name: this.download, blob });
        else clickLink.call(this);
      };
    });
    await click('button', 'Evidence packet');
    const dialog = await byRole('dialog', 'Evidence packet');
    await click('button', 'Build packet', dialog);
    await byText('Packet saved', 120_000);
    const stills = await driver.executeScript<boolean>(() =>
      /Stills\s*done/.test(document.querySelector('[role="dialog"]')?.textContent ?? ''),
    );
    expect(stills).toBe(true);
    const file = await driver.executeAsyncScript<{ name: string; base64: string }>(
      (done: (file: { name: string; base64: string }) => void) => {
        const page = window as unknown as { savedFiles: { name: string; blob: Blob }[] };
        const last = page.savedFiles.at(-1);
        if (!last) return done({ name: '', base64: '' });
        const reader = new FileReader();
        reader.onload = () =>
          done({ name: last.name, base64: String(reader.result).replace(/^[^,]*,/, '') });
        reader.readAsDataURL(last.blob);
      },
    );
    expect(file.name).toMatch(/^evidence-.+\.zip$/);
    const files = unzipSync(new Uint8Array(Buffer.from(file.base64, 'base64')));
    const manifestBytes = files['manifest.json'];
    if (!manifestBytes) throw new Error('The packet has no manifest.json.');
    const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as PacketManifest;
    expect(manifest.files.length).toBeGreaterThan(1);
    for (const entry of manifest.files) {
      expect(files[entry.path]?.byteLength, entry.path).toBe(entry.bytes);
    }
    expect(manifest.files.some((entry) => entry.path.endsWith('.mp4'))).toBe(true);
    await click('button', 'Close', dialog);
  });

  test('draws a geofence and saves it', async () => {
    await open('/geofences');
    await waitForFirstScreen('Geofences');
    await click('button', 'Draw polygon');
    await byText('Click to place the first corner', 30_000);
    const map = await byRole('region', 'Geofence map');
    const { width, height } = await map.getRect();
    for (const [x, y] of SMOKE_GEOFENCE_CORNERS) {
      // Offsets from the map's centre, as WebDriver measures from an element.
      await driver
        .actions()
        .move({
          origin: map,
          x: Math.round(width * (x - 0.5)),
          y: Math.round(height * (y - 0.5)),
        })
        .click()
        .perform();
    }
    await byRole('form', 'New geofence');
    await byText('Polygon · 4 corners');
    await fill('Name', 'WebKit Loading Dock');
    await click('button', 'Save geofence');
    await byText('“WebKit Loading Dock” was created.');
  });

  test("keeps the desk layout at an iPad's sizes, held upright and on its side", async () => {
    for (const viewport of [
      { width: 1024, height: 1366 },
      { width: 1366, height: 1024 },
    ]) {
      await setViewport(driver, viewport);
      await open('/vehicles');
      await waitForFirstScreen('Vehicles');
      // The navigation beside the page and the list a table: not the phone's burger and cards.
      await byRole('link', 'Vehicles', await byRole('navigation', 'Main navigation'));
      expect(await allByRole('button', 'Open navigation')).toEqual([]);
      const table = await byRole('table', 'Vehicles');
      await until(
        () =>
          driver.executeScript<boolean>(
            (element: HTMLTableElement) =>
              [...element.querySelectorAll('th')].some((th) => th.getClientRects().length > 0),
            table,
          ),
        "the vehicle table's column headers",
      );
    }
  });

  test('signs in to the live build behind nginx', async () => {
    if (!liveUrl) throw new Error('No live stack: E2E_WEBKIT_LIVE_URL is unset.');
    await signIn(new URL('/login', liveUrl).href);
    await waitForFirstScreen('Overview');
    expect(new URL(await driver.getCurrentUrl()).origin).toBe(new URL(liveUrl).origin);
  });
});
