import { delay, getResponse, http, matchRequestUrl, type RequestHandler } from 'msw';
import { remainingLatency } from './interception-log';
import type { SharedSignIns } from './shared-sign-ins';
import type { SharedDemoData } from './shared-state';

/**
 * The demo service as one handler: waits the simulated latency (outside the lock, so slow answers
 * overlap as on a network), then answers under the shared state's lock. The latency counts from
 * when the service worker caught the request: on a network it would pass while the page draws.
 */
export function serviceHandler(
  routes: RequestHandler[],
  latencyMs: number,
  shared: Pick<SharedDemoData | SharedSignIns, 'handle'> | undefined,
  /** When the request was caught, where the host knows it earlier than this handler runs. */
  interceptedAt: (request: Request) => number | undefined = () => undefined,
): RequestHandler {
  const candidatesFor = routeCandidates(routes);
  return http.all('*', async ({ request }) => {
    const caughtAt = interceptedAt(request);
    const candidates = candidatesFor(request);
    if (candidates.length === 0) return undefined;
    const wait = remainingLatency(latencyMs, caughtAt, Date.now());
    if (wait > 0) await delay(wait);
    const answer = () => getResponse(candidates, request);
    return shared ? shared.handle(answer) : answer();
  });
}

/**
 * The routes whose method and path fit a request, found without MSW's own matching: that reads
 * and parses document.cookie once per route tried, which cost most of each demo answer's time.
 */
function routeCandidates(routes: RequestHandler[]): (request: Request) => RequestHandler[] {
  const described = routes.map((route) => {
    const { method, path } = route.info as { method?: unknown; path?: unknown };
    return { route, method, path };
  });
  return (request) => {
    const url = new URL(request.url);
    return described
      .filter(({ method, path }) => {
        // Anything this index cannot judge is left for MSW to match.
        if (typeof method !== 'string' || typeof path !== 'string') return true;
        return (
          (method === 'all' || method.toUpperCase() === request.method.toUpperCase()) &&
          matchRequestUrl(url, path).matches
        );
      })
      .map(({ route }) => route);
  };
}
