import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { modeName, openApiDirectory, vendorMockSeeds } from '../scripts/vendor-mock.mjs';

/**
 * Where the `vendor` project's mock runs (scripts/vendor-mock.mjs): the build live with the files'
 * examples on E2E_VENDOR_PORT (the demo port + 200 unless set), and with E2E_VENDOR_DYNAMIC=1 also
 * with the random answers of the first seed on the next port; its logs in .vendor-mock/<port>/.
 */
const demoPort = Number(process.env.E2E_PORT ?? 4173);
const port = Number(process.env.E2E_VENDOR_PORT ?? demoPort + 200);
const directory = resolve(`.vendor-mock/${port}`);
/**
 * The readers' pass in Vitest reads every seed's random answers. The browser's pass of one seed is
 * asked for: it took 13 minutes on a busy two-core machine (the maps' reads of a random count do
 * not end until the step gives up on them), past what CI can spend on it.
 */
const modes = ['static', ...(process.env.E2E_VENDOR_DYNAMIC ? [vendorMockSeeds[0] ?? '1'] : [])];

export const vendorMock = {
  available: existsSync(openApiDirectory),
  skipReason:
    "The vendor project is skipped: ../shared/api/openapi is not beside this repository, and the vendor's" +
    ' OpenAPI files are read there only (never copied in).',
  origins: modes.map((mode, index) => ({
    label: modeName(mode),
    url: `http://127.0.0.1:${port + index}`,
    logDir: join(directory, modeName(mode)),
  })),
};

/** The command that starts it, on a build made already or on its own build. */
export function vendorMockCommand(buildDir: string | undefined): string {
  return [
    'node scripts/vendor-mock.mjs',
    `--port ${port}`,
    `--modes ${modes.join(',')}`,
    `--log-dir ${directory}`,
    buildDir ? `--build-dir ${buildDir}` : '',
  ].join(' ');
}
