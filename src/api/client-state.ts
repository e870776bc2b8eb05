import type { RuntimeConfig, SubApiName } from '@/config/config-schema';
import { RateLimitHold } from './rate-limit-hold';
import { RetryStatus } from './retry-status';

/**
 * Everything the API client remembers between requests, in one place: its settings, the holds
 * of the services and of other hosts' APIs, and the reads that are retrying.
 * `resetApiClientState` clears all but the settings.
 */

/** Every service the console talks to: the modern sub-APIs, the token endpoint and legacy ECM. */
export type ServiceName = SubApiName | 'auth' | 'ecm';

export interface ApiClientSettings {
  config: RuntimeConfig;
  /** The current bearer token, or null when signed out. */
  getAccessToken: () => string | null;
  /** True when the token is known to be past its expiry, so a request would only earn a 401. */
  isAccessTokenExpired: () => boolean;
  /** Resolves once the user has signed in again; rejects if they gave up. Single-flight. */
  reauthenticate: () => Promise<void>;
  /** The legacy ECM API key and chosen deployment, if the user has set them. */
  getEcmAccess: () => { apiKey: string; baseUrl: string } | null;
  /** Back-off before retry `attempt` (1-based). Replaceable so tests do not wait. */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Requests wait for it: the demo service starts beside the first render. */
  serviceReady?: Promise<void>;
}

let settings: ApiClientSettings | null = null;

export function currentTime(): number {
  return (settings?.now ?? Date.now)();
}

/** The console's services' 429 holds: every read of a held service waits, and the page says so. */
export const serviceRateLimits = new RateLimitHold<ServiceName>(currentTime);

export const retryingReads = new RetryStatus();

/** When the next request to another host's API (the place search) may leave, per address. */
export const thirdPartyTurns = new RateLimitHold<string>();

export function configureApiClient(next: ApiClientSettings): void {
  settings = next;
  serviceRateLimits.clear();
}

export function requireSettings(): ApiClientSettings {
  if (!settings) throw new Error('The API client is used before configureApiClient().');
  return settings;
}

// Set by `watchConnection` (live mode), so the transport needs no query library before first paint.
let connectionLost: () => boolean = () => false;

/** Where the transport learns that the browser is offline (never, until the connection is watched). */
export function followConnection(isOffline: () => boolean): void {
  connectionLost = isOffline;
}

/** Whether requests must not be sent now: the browser is offline (live mode only). */
export function isConnectionLost(): boolean {
  return connectionLost();
}

/** Resolves once the demo service (when there is one) answers requests; at once otherwise. */
export function whenServiceReady(): Promise<void> {
  return settings?.serviceReady ?? Promise.resolve();
}

/** For the console's busy notice: until when reads wait for a rate limit, or null. */
export const getRateLimitedUntil = serviceRateLimits.latestUntil;
export const subscribeToRateLimit = serviceRateLimits.subscribe;
export const getRetryingReadCount = retryingReads.count;
export const subscribeToRetries = retryingReads.subscribe;

/** Forgets the holds and the retrying reads, so no test inherits another's. */
export function resetApiClientState(): void {
  serviceRateLimits.clear();
  thirdPartyTurns.clear();
  retryingReads.clear();
}
