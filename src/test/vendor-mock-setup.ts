/**
 * Global setup of the `vendor` Vitest project: starts the vendor's mock (Prism on the OpenAPI
 * files beside the repository) with the files' examples and with each seed's random answers, once
 * for the run, and stops it after. Without those files
 * it says so, and the readers' pass is skipped.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  modeName,
  openApiDirectory,
  startVendorMock,
  vendorMockSeeds,
} from '../../scripts/vendor-mock.mjs';

export interface VendorMockContext {
  /** One origin per mode: the files' examples, then each of `vendorMockSeeds`. */
  origins: { label: string; url: string; logDir: string }[];
  /** Why the pass is skipped, or null when it runs. */
  skipped: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    vendorMock: VendorMockContext;
  }
}

export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(openApiDirectory)) {
    const skipped =
      "The readers' pass against the vendor's mock is skipped: ../shared/api/openapi is not" +
      " beside this repository, and the vendor's OpenAPI files are read there only (never copied in).";
    console.log(skipped);
    project.provide('vendorMock', { origins: [], skipped });
    return undefined;
  }
  const origins = await startVendorMock({
    modes: ['static', ...vendorMockSeeds],
    logDir: resolve('.vendor-mock/vitest'),
  });
  project.provide('vendorMock', {
    origins: origins.map((origin) => ({
      label: modeName(origin.mode),
      url: origin.url,
      logDir: origin.logDir,
    })),
    skipped: null,
  });
  return async () => {
    await Promise.all(origins.map((origin) => origin.close()));
  };
}
