// WebKit figures for `npm run bench`: Debian's WebKitGTK (MiniBrowser) through WebKitWebDriver, as
// the WebKit smoke drives it (scripts/webkit-driver.mjs). The sign-in form's start-up and the
// vehicle list's first rows, as the Firefox figures have them, on the demo build the Chromium
// figures use. Timed inside the page, so WebDriver's round trips are not counted. Skipped when
// WebKitGTK or Xvfb is not found.
import { By, until } from 'selenium-webdriver';
import { findWebKit, startWebKit } from './webkit-driver.mjs';

const VIEWPORT = { width: 1366, height: 860 };

/** The page's clock once `selector` is on the page and a zero timer has run after it. */
function readyAt(driver, selector) {
  return driver.executeAsyncScript((wanted, done) => {
    const check = () => {
      if (document.querySelector(wanted)) setTimeout(() => done(performance.now()), 0);
      else requestAnimationFrame(check);
    };
    check();
  }, selector);
}

/** Types into an input of the sign-in form, found again if the app replaced it meanwhile. */
async function type(driver, selector, text) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const input = await driver.wait(until.elementLocated(By.css(selector)), 60_000);
      await driver.executeScript((element) => element.select(), input);
      await input.sendKeys(text);
      const typed = await driver.findElement(By.css(selector)).getProperty('value');
      if (typed === text) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

async function signIn(driver, base, manager) {
  await driver.get(`${base}/login?demoLatency=0`);
  await type(driver, 'input[autocomplete="username"]', manager.username);
  await type(driver, 'input[type="password"]', manager.password);
  await driver.findElement(By.css('button[type="submit"]')).click();
  // The overview's own reads first, as a reader would see it before going on.
  await driver.wait(until.elementLocated(By.css('nav a[href="/vehicles"]')), 60_000);
  await driver.wait(
    until.elementLocated(By.css('table[aria-label="Recent safety events"]')),
    60_000,
  );
}

/** Milliseconds from the navigation's click to the vehicle list's first row, in the page. */
function vehiclesFirstRows(driver) {
  return driver.executeAsyncScript((done) => {
    const start = performance.now();
    document.querySelector('nav a[href="/vehicles"]').click();
    const check = () => {
      // The vehicle table's own row: the overview's table stays until the new page renders.
      if (document.querySelector('table[aria-label="Vehicles"] tbody tr')) {
        done(performance.now() - start);
      } else requestAnimationFrame(check);
    };
    check();
  });
}

/** A browser of its own for each run, as the Firefox figures take a context of their own. */
async function eachRun(paths, runs, measure) {
  const values = [];
  for (let run = 0; run < runs; run++) {
    const session = await startWebKit(paths, VIEWPORT);
    try {
      await session.driver.manage().setTimeouts({ script: 60_000 });
      values.push(await measure(session.driver));
    } finally {
      await session.stop();
    }
  }
  return values;
}

export async function measureWebKit({ base, runs, median, manager }) {
  const paths = findWebKit();
  if (typeof paths === 'string') return { skipped: paths };
  const loginReady = await eachRun(paths, runs, async (driver) => {
    await driver.get(`${base}/login`);
    return readyAt(driver, 'button[type="submit"]');
  });
  const vehicles = await eachRun(paths, runs, async (driver) => {
    await signIn(driver, base, manager);
    return vehiclesFirstRows(driver);
  });
  return {
    version: paths.browser,
    loginReadyMs: median(loginReady),
    vehiclesFirstRowsMs: median(vehicles),
  };
}
