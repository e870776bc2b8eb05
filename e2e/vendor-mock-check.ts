/**
 * Global setup of the e2e run for the `vendor` project: empties the mock's logs, and after the run
 * fails it on any request Prism's validator found off its OpenAPI file ("Violation: request…").
 */
import { checkVendorMockLogs, clearVendorMockLogs } from '../scripts/vendor-mock.mjs';
import { vendorMock } from './vendor-mock';

function checkViolations(): void {
  const problems = vendorMock.origins.flatMap((origin) => {
    const verdict = checkVendorMockLogs(origin.logDir, origin.label);
    console.log(verdict.summary);
    return verdict.problems;
  });
  if (problems.length > 0) {
    throw new Error(`Requests the vendor's mock found off its files:\n  ${problems.join('\n  ')}`);
  }
}

export default function globalSetup(): (() => void) | undefined {
  const runs = process.env.E2E_PROJECTS?.split(',').includes('vendor') ?? false;
  if (!runs) return undefined;
  if (!vendorMock.available) {
    console.log(vendorMock.skipReason);
    return undefined;
  }
  for (const origin of vendorMock.origins) clearVendorMockLogs(origin.logDir);
  return checkViolations;
}
