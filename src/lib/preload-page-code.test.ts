// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { preloadPageCode } from './preload-page-code';

const emptyPage = { default: () => null };

function routerWithPages() {
  const loadMap = vi.fn(() => Promise.resolve(emptyPage));
  const loadUsers = vi.fn(() => Promise.resolve(emptyPage));
  const rootRoute = createRootRoute();
  const routeTree = rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/map',
      component: lazyRouteComponent(loadMap),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/users',
      component: lazyRouteComponent(loadUsers),
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/users'] }),
  });
  return { router, loadMap, loadUsers };
}

describe('preloadPageCode', () => {
  it('loads the code of the page at the address and of no other page', () => {
    const { router, loadMap, loadUsers } = routerWithPages();
    preloadPageCode(router, '/map?selected=1');
    expect(loadMap).toHaveBeenCalledTimes(1);
    expect(loadUsers).not.toHaveBeenCalled();
  });

  it('loads each page once however often it is asked', async () => {
    const { router, loadMap } = routerWithPages();
    preloadPageCode(router, '/map');
    await Promise.resolve();
    preloadPageCode(router, '/map');
    expect(loadMap).toHaveBeenCalledTimes(1);
  });
});
