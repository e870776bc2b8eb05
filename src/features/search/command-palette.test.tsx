// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { RuntimeProvider } from '@/api/runtime-context';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, testRuntimeConfig, testSessionManager } from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import { CommandPalette } from './command-palette';
import { paletteControls } from './palette-store';

async function renderPalette(username: string) {
  const token = await signInForTest(username);
  configureTestApiClient({ getAccessToken: () => token });
  const now = Date.now();
  sessionStorage.setItem(
    'fleet-console.session',
    JSON.stringify({ token, username, issuedAt: now, expiresAt: now + 3_600_000 }),
  );
  const runtime = { config: testRuntimeConfig, session: testSessionManager(), demo: null };
  const onShowKeyboardShortcuts = vi.fn();
  const onSignOut = vi.fn();
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <CommandPalette onShowKeyboardShortcuts={onShowKeyboardShortcuts} onSignOut={onSignOut} />
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <TestProviders>
      <RuntimeProvider runtime={runtime}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RuntimeProvider>
    </TestProviders>,
  );
  act(() => paletteControls.open());
  const input = await screen.findByRole('combobox', { name: 'Find anything' });
  return { router, input, onShowKeyboardShortcuts, onSignOut, runtime };
}

beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
// The palette's store outlives each test: close it and let its closing finish (it clears the
// query and the selection) before the next test opens it again.
afterEach(async () => {
  act(() => paletteControls.close());
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
});

describe('CommandPalette', () => {
  it('finds a vehicle by plate and opens it with Enter', async () => {
    const user = userEvent.setup();
    const { router, input } = await renderPalette('maria.lopez');
    const results = screen.getByRole('listbox', { name: 'Results' });
    // Before anything is typed: the actions and pages.
    expect(within(results).getByRole('group', { name: 'Actions' })).toBeInTheDocument();

    await user.type(input, '942 e');
    const vehicles = await within(results).findByRole('group', { name: 'Vehicles' });
    const option = within(vehicles).getByRole('option', { name: /PDX-T101/ });
    expect(option).toHaveTextContent('Plate 942 ETJ');
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', option.id));
    expect(option).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/vehicles\/[^/]+$/));
  });

  it('moves through results with the arrow keys', async () => {
    const user = userEvent.setup();
    const { router, input } = await renderPalette('maria.lopez');
    await user.type(input, 'new');
    const results = screen.getByRole('listbox', { name: 'Results' });
    const newUser = within(results).getByRole('option', { name: 'New user' });
    const newVehicle = within(results).getByRole('option', { name: 'New vehicle' });
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', newUser.id));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', newVehicle.id));
    expect(newVehicle).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles/new'));
  });

  it('opens the keyboard shortcuts once the palette has closed', async () => {
    const user = userEvent.setup();
    const { input, onShowKeyboardShortcuts } = await renderPalette('maria.lopez');
    await user.type(input, 'keyboard');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(onShowKeyboardShortcuts).toHaveBeenCalledOnce());
  });

  it('signs out through the shell, which asks first about unsaved work, once the palette has closed', async () => {
    const user = userEvent.setup();
    const { input, onSignOut, runtime } = await renderPalette('maria.lopez');
    await user.type(input, 'sign out');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
    // The palette itself never signs out: unsaved work would go without a question.
    expect(runtime.session.isSignedIn()).toBe(true);
  });

  it('tells a dispatcher groups need the Group Manager role, without an error', async () => {
    const user = userEvent.setup();
    const { input } = await renderPalette('dan.okafor');
    expect(await screen.findByText(/Groups need the Group Manager role/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Vehicles indexed just now/)).toBeInTheDocument());
    await user.type(input, 'portland');
    expect(await screen.findByRole('group', { name: 'Geofences' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
