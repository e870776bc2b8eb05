// Browsers cannot be downloaded everywhere: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
// undefined (Playwright's own browser). Shared by the Playwright config and the benchmark.
import { existsSync } from 'node:fs';

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags for headless Chromium on machines without a GPU or outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
