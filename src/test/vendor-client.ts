import { validateRuntimeConfig, type RuntimeConfig } from '@/config/config-schema';
import shippedConfig from '../../public/config.json';
import { configureTestApiClient, TEST_ECM_API_KEY } from './test-client';

/**
 * The shipped config.json live ("demo": false), its same-origin paths on the vendor mock's origin:
 * the addresses the production build calls, which the mock forwards to each file's Prism.
 */
function vendorMockConfig(origin: string): RuntimeConfig {
  const validation = validateRuntimeConfig(shippedConfig);
  if (!validation.ok) throw new Error(`public/config.json: ${validation.problems.join('; ')}`);
  const { config } = validation;
  const at = (address: string) => new URL(address, origin).toString().replace(/\/$/, '');
  return {
    ...config,
    demo: false,
    authUrl: at(config.authUrl),
    baseUrl: at(config.baseUrl),
    apiBaseOverrides: Object.fromEntries(
      Object.entries(config.apiBaseOverrides).map(([name, address]) => [name, at(address)]),
    ),
    ecmDeployments: config.ecmDeployments.map((deployment) => ({
      ...deployment,
      baseUrl: at(deployment.baseUrl),
    })),
  };
}

/** Points the API client at the vendor's mock on `origin`, with the first ECM deployment's key. */
export function configureVendorApiClient(origin: string): void {
  const config = vendorMockConfig(origin);
  const ecmBaseUrl = config.ecmDeployments[0]?.baseUrl ?? '';
  configureTestApiClient({
    config,
    getEcmAccess: () => ({ apiKey: TEST_ECM_API_KEY, baseUrl: ecmBaseUrl }),
  });
}
