import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { Builder, Capabilities, type WebDriver } from 'selenium-webdriver';

/**
 * WebKitGTK driven as Safari's engine can be on Linux: Debian's WebKitWebDriver starts MiniBrowser
 * in automation mode on a virtual display (Xvfb), and selenium-webdriver speaks classic WebDriver
 * to it (WebKitGTK has no WebDriver BiDi, so the Firefox smoke's Puppeteer cannot drive it).
 */
export interface WebKitPaths {
  driver: string;
  browser: string;
  xvfb: string;
}

export interface WebKitSession {
  driver: WebDriver;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No free port for WebKitWebDriver.');
  return address.port;
}

/** The first line a child writes to `stream`, or an error if it exits first. */
async function firstLine(child: ChildProcess, stream: Readable, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    child.once('exit', (code) =>
      reject(new Error(`${what} exited (${code}) before it was ready.`)),
    );
  });
}

/** Resolves once something listens on `port`, trying for up to `timeoutMs`. */
async function untilListening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit').then(() => undefined);
  child.kill('SIGTERM');
  return exited;
}

/** Sizes the window so its page, not the window with its toolbar, is `viewport`. */
export async function setViewport(
  driver: WebDriver,
  viewport: { width: number; height: number },
): Promise<void> {
  const window = driver.manage().window();
  await window.setRect({ x: 0, y: 0, ...viewport });
  const inner = await driver.executeScript<[number, number]>(() => [
    globalThis.innerWidth,
    globalThis.innerHeight,
  ]);
  const [innerWidth, innerHeight] = inner;
  if (innerWidth === viewport.width && innerHeight === viewport.height) return;
  await window.setRect({
    x: 0,
    y: 0,
    width: 2 * viewport.width - innerWidth,
    height: 2 * viewport.height - innerHeight,
  });
}

/** A display of its own (Xvfb picks a free number), the driver, and a session in a new window. */
export async function startWebKit(
  paths: WebKitPaths,
  viewport: { width: number; height: number },
): Promise<WebKitSession> {
  // -displayfd: Xvfb takes the first free display and writes its number to fd 3 once it is ready.
  const xvfb = spawn(
    paths.xvfb,
    ['-displayfd', '3', '-screen', '0', '1920x1440x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  let webDriver: ChildProcess | undefined;
  try {
    const displayPipe = xvfb.stdio[3] as Readable;
    const display = `:${(await firstLine(xvfb, displayPipe, 'Xvfb')).trim()}`;
    const port = await freePort();
    webDriver = spawn(
      paths.driver,
      [`--port=${port}`, '--host=127.0.0.1', '--replace-on-new-session'],
      {
        stdio: 'ignore',
        env: {
          ...process.env,
          DISPLAY: display,
          // WebKitGTK reports the locale's language as navigator.language; under C it says "C".
          LANG: 'en_US.UTF-8',
          LANGUAGE: 'en_US',
          // Not WEBKIT_DISABLE_COMPOSITING_MODE: with it, screenshots never return.
        },
      },
    );
    await untilListening(port, 30_000);
    const capabilities = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: paths.browser, args: ['--automation'] },
    });
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities(capabilities)
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
