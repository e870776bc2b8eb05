import type { useRouter } from '@tanstack/react-router';

/**
 * Loads the code of the page at `href` (its route chunks, not its data), so opening it later does
 * not wait on a download. Loading twice costs nothing: each chunk is imported once.
 */
export function preloadPageCode(router: ReturnType<typeof useRouter>, href: string): void {
  const [routes] = router.getMatchedRoutes(new URL(href, window.location.origin).pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
