import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith } from '@tanstack/react-router';
import type { Runtime } from '@/api/runtime-context';
import { RoutePending } from '@/components/page-loader';
import { parseAddressValue } from '@/lib/search-params';
import { routeTree } from '../routeTree.gen';
import { NotFoundPage } from './not-found-page';
import { RouteErrorView } from './route-error-view';

export interface RouterContext {
  queryClient: QueryClient;
  runtime: Runtime;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Data freshness is React Query's job; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 150,
    // Once shown, the pending screen stays long enough not to flash, but not the router's default
    // half second: that held every first page (the overview after sign-in) on a spinner.
    defaultPendingMinMs: 200,
    scrollRestoration: true,
    // An address is rewritten to what the routes' validateSearch kept, so a hand-edited value
    // that was dropped (page=abc) leaves the address bar too.
    search: { strict: true },
    parseSearch: parseSearchWith(parseAddressValue),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
