// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { TestProviders } from '@/test/test-providers';
import { SectionBoundary } from './section-boundary';

let mapFails = true;
function FlakyMap() {
  if (mapFails) throw new Error('Attempted to load an infinite number of tiles');
  return <p>Map drawn</p>;
}

let readFails = true;
function ListThatThrowsItsRead() {
  const query = useQuery({
    queryKey: ['section-list'],
    queryFn: () => {
      if (readFails)
        throw new ApiError({ status: 500, code: 'SERVER', message: 'The list failed.' });
      return Promise.resolve(['North Lot']);
    },
    retry: false,
    throwOnError: true,
  });
  return <p>{query.data ? `Listed: ${query.data.join(', ')}` : 'Loading the list'}</p>;
}

function renderPage(children: ReactNode) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <TestProviders>{children}</TestProviders>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

function MissingCode(): ReactNode {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/map-1234.js');
}

describe('SectionBoundary', () => {
  it('offline, says a part whose code was never kept needs the connection, and keeps the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onlineManager.setOnline(false);
    try {
      renderPage(
        <>
          <SectionBoundary what="The map">
            <MissingCode />
          </SectionBoundary>
          <p>Event details</p>
        </>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('The map needs the connection');
      expect(screen.getByText('Event details')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows a part that failed to render in its place, keeps the rest, and Try again recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mapFails = true;
    renderPage(
      <>
        <SectionBoundary what="The map">
          <FlakyMap />
        </SectionBoundary>
        <SectionBoundary what="The geofence list">
          <p>List shown</p>
        </SectionBoundary>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The map could not be shown');
    // The console's own fault is said plainly, not as the code's message.
    expect(alert).toHaveTextContent('Something went wrong in the console while showing it.');
    expect(screen.getByText('List shown')).toBeVisible();

    mapFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Map drawn')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a read the part throws with the service’s words, and Try again reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    readFails = true;
    renderPage(
      <SectionBoundary what="The geofence list">
        <ListThatThrowsItsRead />
      </SectionBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The geofence list could not be shown');
    expect(alert).toHaveTextContent('The list failed.');

    readFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Listed: North Lot')).toBeVisible();
  });
});
