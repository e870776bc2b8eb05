/** A mode of the mock: 'static' (the files' examples) or a seed of Prism's dynamic mode. */
export type VendorMockMode = string;

export interface VendorMockOrigin {
  mode: VendorMockMode;
  url: string;
  logDir: string;
  close(): Promise<void>;
}

export const openApiDirectory: string;
export const vendorMockSeeds: string[];
export const stubToken: { access_token: string; token_type: string; expires_in: number };
export function modeName(mode: VendorMockMode): string;
export function startVendorMock(options: {
  port?: number;
  modes: VendorMockMode[];
  logDir: string;
  buildDir?: string;
}): Promise<VendorMockOrigin[]>;
export function clearVendorMockLogs(logDir: string): void;
export function checkVendorMockLogs(
  logDir: string,
  label: string,
): { summary: string; problems: string[] };
