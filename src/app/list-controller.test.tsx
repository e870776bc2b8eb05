// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { RuntimeProvider } from '@/api/runtime-context';
import { mockServer } from '@/mocks/node';
import { signInForTest } from '@/mocks/test-helpers';
import {
  configureTestApiClient,
  serveForTest,
  testRuntimeConfig,
  testSessionManager,
} from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import { createAppRouter } from './router';

// The list, not the console's frame around it (navigation, palette, notices), is under test.
vi.mock('./app-layout', () => ({ AppLayout: Outlet }));

/** The users list (one of the lists on the controller) at `address`, signed in as an admin. */
async function renderList(address: string) {
  const username = 'maria.lopez';
  const token = await signInForTest(username);
  configureTestApiClient({ getAccessToken: () => token });
  const now = Date.now();
  sessionStorage.setItem(
    'fleet-console.session',
    JSON.stringify({ token, username, issuedAt: now, expiresAt: now + 3_600_000 }),
  );
  const queryClient = createQueryClient();
  const runtime = { config: testRuntimeConfig, session: testSessionManager(), demo: null };
  const router = createAppRouter({ queryClient, runtime });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [address] }) });
  render(
    <TestProviders>
      <RuntimeProvider runtime={runtime}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RuntimeProvider>
    </TestProviders>,
  );
  return { router, user: userEvent.setup() };
}

/** The list's table once the page has loaded. */
const findTable = () => screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 });

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const pagerText = () => screen.getByText(/^\d+–\d+ of \d+$/).textContent ?? '';

beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // Nor do its elements: the table scrolls back to its top on a page change.
  window.HTMLElement.prototype.scrollTo ??= () => undefined;
});

describe('the list controller, on the users list against the demo service', () => {
  it('pages over the URL: the address names the page, and the pager moves it', async () => {
    const { router, user } = await renderList('/users?pageSize=10');
    const table = await findTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    expect(pagerText()).toMatch(/^1–10 of \d+$/);
    const firstPageNames = bodyRows(table).map((row) => row.textContent);

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    expect(router.state.location.search).toMatchObject({ pageSize: 10 });
    await waitFor(() => expect(pagerText()).toMatch(/^11–20 of \d+$/));
    expect(bodyRows(table).map((row) => row.textContent)).not.toEqual(firstPageNames);

    // A filter change goes back to page 1 (the old page may not exist any more).
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'a' }));
    expect(router.state.location.search).not.toHaveProperty('page');
  });

  it('reads an old link’s page size (limit) and puts it in the address under its one name', async () => {
    const { router } = await renderList('/users?limit=10&page=2');
    const table = await findTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    expect(pagerText()).toMatch(/^11–20 of \d+$/);
    await waitFor(() => expect(router.state.location.href).toBe('/users?page=2&pageSize=10'));
  });

  it('selects one row, then a Shift range up to another, and clears the choice', async () => {
    const { user } = await renderList('/users?pageSize=10');
    const table = await findTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    const boxes = () => within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ });

    await user.click(boxes()[1]!);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(boxes()[4]!);
    await user.keyboard('{/Shift}');
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('selects every user matching the filter, past the page shown', async () => {
    const { user } = await renderList('/users?pageSize=10');
    const table = await findTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    const total = Number(pagerText().split(' of ')[1]);
    expect(total).toBeGreaterThan(10);

    await user.click(within(table).getByRole('checkbox', { name: 'Select all users shown' }));
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: `Select all ${total.toLocaleString()} matching` }),
    );
    expect(await screen.findByText(`${total.toLocaleString()} selected`)).toBeInTheDocument();
    // Every row that matched is chosen, so the offer is gone.
    expect(screen.queryByRole('button', { name: /^Select all \d+ matching$/ })).toBeNull();
  });

  it('shows a failed read with a way to try again, which then shows the rows', async () => {
    const failing = serveForTest(
      'get',
      `${testRuntimeConfig.baseUrl}/v1/users`,
      () => new HttpResponse(null, { status: 403 }),
    );
    const { user } = await renderList('/users');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The users could not be loaded');
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    expect(failing.length).toBeGreaterThan(0);

    // The service answers again: Try again reads the list.
    mockServer.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: /try again/i }));
    const table = await findTable();
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  });
});
