// WebKitGTK, Safari's engine, as it can be driven on Linux: Debian's WebKitWebDriver starts
// MiniBrowser in automation mode on a virtual display (Xvfb), and selenium-webdriver speaks classic
// WebDriver to it (WebKitGTK has no WebDriver BiDi, so Puppeteer cannot drive it). Shared by the
// WebKit smoke (playwright.webkit.config.ts) and the benchmark.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, Capabilities } from 'selenium-webdriver';

/** Where Debian's webkit2gtk-driver puts MiniBrowser, by WebKitGTK API version. */
const debianBrowsers = ['4.1', '4.0', '6.0'].map(
  (api) => `/usr/lib/x86_64-linux-gnu/webkit2gtk-${api}/MiniBrowser`,
);

/**
 * WEBKIT_DRIVER_PATH and WEBKIT_BROWSER_PATH, else Debian's, and Xvfb; or, when one is missing,
 * why WebKit is skipped.
 */
export function findWebKit() {
  const driver = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
  const browser =
    process.env.WEBKIT_BROWSER_PATH ?? debianBrowsers.find((path) => existsSync(path));
  const xvfb = ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'].find((path) => existsSync(path));
  if (existsSync(driver) && browser && existsSync(browser) && xvfb)
    return { driver, browser, xvfb };
  const missing = [
    existsSync(driver) ? '' : driver,
    browser && existsSync(browser) ? '' : (browser ?? 'MiniBrowser'),
    xvfb ? '' : 'Xvfb',
  ].filter(Boolean);
  return (
    `no ${missing.join(', ')} (set WEBKIT_DRIVER_PATH and WEBKIT_BROWSER_PATH, or install ` +
    "Debian's webkit2gtk-driver and xvfb, as .ci/run does)"
  );
}

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** The first line a child writes to `stream`, or an error if it exits first. */
function firstLine(child, stream, what) {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.once('exit', (code) =>
      reject(new Error(`${what} exited (${code}) before it was ready.`)),
    );
  });
}

/** Resolves once the driver answers on `port`, trying for up to `timeoutMs`. */
async function untilListening(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  return exited.then(() => undefined);
}

/** Sizes the window so that its page, not the window with its toolbar, is `viewport`. */
export async function setViewport(driver, viewport) {
  const window = driver.manage().window();
  await window.setRect({ x: 0, y: 0, ...viewport });
  const [innerWidth, innerHeight] = await driver.executeScript(
    'return [window.innerWidth, window.innerHeight];',
  );
  if (innerWidth === viewport.width && innerHeight === viewport.height) return;
  await window.setRect({
    x: 0,
    y: 0,
    width: 2 * viewport.width - innerWidth,
    height: 2 * viewport.height - innerHeight,
  });
}

/** A display of its own (Xvfb picks a free one), the driver, and a session in a new window. */
export async function startWebKit(paths, viewport) {
  // -displayfd: Xvfb takes the first free display and writes its number to fd 3 once ready.
  const xvfb = spawn(
    paths.xvfb,
    ['-displayfd', '3', '-screen', '0', '1920x1440x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  let webDriver;
  try {
    const display = `:${(await firstLine(xvfb, xvfb.stdio[3], 'Xvfb')).trim()}`;
    const port = await freePort();
    webDriver = spawn(
      paths.driver,
      [`--port=${port}`, '--host=127.0.0.1', '--replace-on-new-session'],
      {
        stdio: 'ignore',
        env: {
          ...process.env,
          DISPLAY: display,
          // WebKitGTK gives the locale's language as navigator.language: under C it says "C".
          LANG: 'en_US.UTF-8',
          LANGUAGE: 'en_US',
          // Not WEBKIT_DISABLE_COMPOSITING_MODE: with it, screenshots never return.
        },
      },
    );
    await untilListening(port, 30_000);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities(
        new Capabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: paths.browser, args: ['--automation'] },
        }),
      )
      .build();
    await setViewport(driver, viewport);
    const started = webDriver;
    return {
      driver,
      stop: async () => {
        await driver.quit().catch(() => undefined);
        await stopChild(started);
        await stopChild(xvfb);
      },
    };
  } catch (error) {
    await stopChild(webDriver);
    await stopChild(xvfb);
    throw error;
  }
}
