// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/test-providers';
import { ListStates } from './list-states';

const settled = { error: null, refetch: () => undefined, isPending: false };

function renderStates(node: ReactNode) {
  return render(<TestProviders>{node}</TestProviders>);
}

describe('ListStates', () => {
  it('names what failed and tries again', async () => {
    const refetch = vi.fn();
    renderStates(
      <ListStates
        noun="geofences"
        list={{ error: new Error('Offline'), refetch, isPending: false }}
        isEmpty
        empty="None"
      >
        rows
      </ListStates>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The geofences could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('announces loading by name, then shows the empty sentence or the rows', () => {
    const { rerender } = renderStates(
      <ListStates noun="activations" list={{ ...settled, isPending: true }} isEmpty empty="None">
        rows
      </ListStates>,
    );
    expect(screen.getByRole('status', { name: 'Loading activations' })).toBeInTheDocument();

    rerender(
      <TestProviders>
        <ListStates noun="activations" list={settled} isEmpty empty="No visits yet.">
          rows
        </ListStates>
      </TestProviders>,
    );
    expect(screen.getByText('No visits yet.')).toBeInTheDocument();

    rerender(
      <TestProviders>
        <ListStates noun="activations" list={settled} isEmpty={false} empty="No visits yet.">
          rows
        </ListStates>
      </TestProviders>,
    );
    expect(screen.getByText('rows')).toBeInTheDocument();
    expect(screen.queryByText('No visits yet.')).not.toBeInTheDocument();
  });
});
