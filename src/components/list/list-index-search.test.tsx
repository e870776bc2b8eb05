// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadAllMatching } from '@/api/load-all-matching';
import { TestProviders } from '@/test/test-providers';
import { IndexSearchStatus, indexMatchesExport, indexMatchesList } from './list-index-search';

const NOW = Date.parse('2026-11-24T10:00:00Z');

function indexQuery(overrides: Partial<Parameters<typeof indexMatchesList>[0]> = {}) {
  return {
    isFetching: false,
    error: null,
    dataUpdatedAt: NOW - 2 * 60_000,
    refetch: vi.fn(),
    ...overrides,
  };
}

describe('indexMatchesList', () => {
  const matches = Array.from({ length: 30 }, (_, index) => `row ${index + 1}`);

  it('pages the matches in the browser, with their total', () => {
    const list = indexMatchesList(indexQuery(), matches, { page: 2, pageSize: 25 });
    expect(list.data).toMatchObject({ total: 30, pageIndex: 1, hasMore: false });
    expect(list.data!.items).toEqual(['row 26', 'row 27', 'row 28', 'row 29', 'row 30']);
  });

  it('has no page while the index is read, and passes on its loading and failure', () => {
    const failure = new Error('Offline');
    const query = indexQuery({ isFetching: true, error: failure });
    const list = indexMatchesList(query, undefined, { page: 1, pageSize: 25 });
    expect(list.data).toBeUndefined();
    expect(list.isFetching).toBe(true);
    expect(list.error).toBe(failure);
    list.refetch();
    expect(query.refetch).toHaveBeenCalledOnce();
  });
});

describe('indexMatchesExport', () => {
  it('reads every match page by page, as an export or "select all" does', async () => {
    const matches = Array.from({ length: 1200 }, (_, index) => index);
    const exportAll = indexMatchesExport(matches);
    expect(exportAll.disabled).toBe(false);
    const { items, complete } = await loadAllMatching(exportAll.fetchPage);
    expect(items).toEqual(matches);
    expect(complete).toBe(true);
  });

  it('waits for the index before it can export', () => {
    expect(indexMatchesExport(undefined).disabled).toBe(true);
  });
});

describe('IndexSearchStatus', () => {
  function renderStatus(props: Parameters<typeof IndexSearchStatus>[0]) {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    return render(
      <TestProviders>
        <IndexSearchStatus {...props} />
      </TestProviders>,
    );
  }

  it('says how many records were searched and how fresh they are, and reads them again', async () => {
    const query = indexQuery();
    renderStatus({ noun: 'vehicles', query, indexed: { count: 200, complete: true } });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Searched 200 vehicles indexed 2 min ago.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('says when only the first records were searched', () => {
    renderStatus({
      noun: 'devices',
      query: indexQuery(),
      indexed: { count: 5000, complete: false },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Searched the first 5,000 devices only, indexed 2 min ago. Choose a group to reach the others.',
    );
  });

  it('says the index is being read before there is anything to search', () => {
    renderStatus({ noun: 'vehicles', query: indexQuery({ isFetching: true }), indexed: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Indexing vehicles to search them…');
  });
});
