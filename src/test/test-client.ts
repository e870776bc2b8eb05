import { http } from 'msw';
import { configureApiClient, type ApiClientSettings } from '@/api/client-state';
import { SessionManager } from '@/api/session';
import type { RuntimeConfig } from '@/config/config-schema';
import { mockServer } from '@/mocks/node';

export const TEST_SERVICE_BASE_URL = 'http://localhost/service/api';
export const TEST_ECM_BASE_URL = 'http://localhost/service/ecm/prod2.ph/ecm';
export const TEST_ECM_API_KEY = 'k';

export const testRuntimeConfig: RuntimeConfig = {
  baseUrl: TEST_SERVICE_BASE_URL,
  authUrl: 'http://localhost/service/login',
  apiBaseOverrides: {},
  ecmDeployments: [{ id: 'prod2.ph', label: 'x', baseUrl: TEST_ECM_BASE_URL }],
  map: {
    tileUrl: 'http://localhost/tiles/{z}/{x}/{y}.png',
    attribution: 'test tiles',
    maxZoom: 19,
  },
  geocoderUrl: 'http://localhost/geocoder/search',
  demo: true,
};

/** Points the API client at absolute localhost URLs (msw/node needs them) with no retry waits. */
export function configureTestApiClient(overrides: Partial<ApiClientSettings> = {}): void {
  configureApiClient({
    config: testRuntimeConfig,
    getAccessToken: () => 'test-token',
    isAccessTokenExpired: () => false,
    reauthenticate: async () => {},
    getEcmAccess: () => ({ apiKey: TEST_ECM_API_KEY, baseUrl: TEST_ECM_BASE_URL }),
    retryDelayMs: () => 0,
    ...overrides,
  });
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Overrides the fake service at `url` with `answer` and records each request (cloned) it gets. */
export function serveForTest(method: Method, url: string, answer: () => Response): Request[] {
  const requests: Request[] = [];
  mockServer.use(
    http[method](url, ({ request }) => {
      requests.push(request.clone());
      return answer();
    }),
  );
  return requests;
}

/** The query of the one recorded request, for asserting parameter spelling. */
export function searchParamsOf(requests: readonly Request[]): URLSearchParams {
  const [only, ...more] = requests;
  if (!only || more.length > 0) {
    throw new Error(`Expected one request, got ${requests.length}.`);
  }
  return new URL(only.url).searchParams;
}

const testSessions: SessionManager[] = [];

/**
 * A session manager for a page a test renders. It is disposed after the test (src/test/setup.ts):
 * left listening, it would answer later tests' "tabs" with its own session.
 */
export function testSessionManager(): SessionManager {
  const session = new SessionManager();
  testSessions.push(session);
  return session;
}

export function disposeTestSessions(): void {
  testSessions.splice(0).forEach((session) => session.dispose());
}
