// @vitest-environment jsdom
import { Menu } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import type { ExportColumn } from '@/api/list-export';
import { toPage, type Page, type PageRequest } from '@/api/paging';
import { downloadBlob } from '@/lib/csv-export';
import { TestProviders } from '@/test/test-providers';
import { ListExportButton } from './list-export-button';

vi.mock('@/lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv-export')>()),
  downloadBlob: vi.fn(),
}));

interface Truck {
  name: string;
}

const columns: ExportColumn<Truck>[] = [{ title: 'Name', value: (truck) => truck.name }];

const trucksNamed = (count: number, from = 0): Truck[] =>
  Array.from({ length: count }, (_, index) => ({ name: `PDX-T${from + index}` }));

type FetchPage = (request: PageRequest, signal: AbortSignal) => Promise<Page<Truck>>;

function renderButton(fetchPage: FetchPage, { filtered = false, pageSize = 1200 } = {}) {
  render(
    <TestProviders>
      <Notifications />
      <ListExportButton
        what="vehicles"
        label="Vehicles"
        fetchPage={fetchPage}
        columns={columns}
        filtered={filtered}
        pageSize={pageSize}
      />
    </TestProviders>,
  );
}

async function choose(format: 'CSV (.csv)' | 'Excel (.xlsx)') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
  return user;
}

/**
 * The first page answers at once; the later ones (the export asks a few ahead) wait until the
 * test answers the second or they are aborted.
 */
function slowSecondPage(total: number | null) {
  const signals: AbortSignal[] = [];
  let answerSecond: (page: Page<Truck>) => void = () => {};
  const fetchPage = vi.fn((request: PageRequest, signal: AbortSignal) => {
    signals.push(signal);
    if (request.pageIndex === 0) {
      return Promise.resolve(toPage(trucksNamed(request.pageSize), total, request));
    }
    return new Promise<Page<Truck>>((resolve, reject) => {
      if (request.pageIndex === 1) answerSecond = resolve;
      signal.addEventListener('abort', () =>
        reject(new ApiError({ status: 0, code: 'ABORTED', message: 'The request was cancelled.' })),
      );
    });
  });
  const firstPagesAsked = () =>
    fetchPage.mock.calls.filter(([request]) => request.pageIndex === 0).length;
  return {
    fetchPage,
    signals,
    firstPagesAsked,
    answerSecond: (page: Page<Truck>) => answerSecond(page),
  };
}

describe('ListExportButton', () => {
  beforeEach(() => vi.mocked(downloadBlob).mockClear());

  it('shows the progress while exporting, and Cancel stops the export without a file', async () => {
    const list = slowSecondPage(5000);
    renderButton(list.fetchPage);
    const user = await choose('CSV (.csv)');

    const dialog = await screen.findByRole('dialog', { name: 'Exporting vehicles' });
    expect(await screen.findByText('1,200 of 5,000 rows')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuetext', '1,200 of 5,000 rows');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(list.signals.every((signal) => signal.aborted)).toBe(true);
    // No page past the total's fifth was asked.
    expect(list.fetchPage.mock.calls.every(([request]) => request.pageIndex < 5)).toBe(true);
    expect(downloadBlob).not.toHaveBeenCalled();
    expect(screen.queryByText(/Exported/)).not.toBeInTheDocument();
  });

  it('counts rows without a total, then downloads the file and says how many were exported', async () => {
    const list = slowSecondPage(null);
    renderButton(list.fetchPage, { filtered: true });
    await choose('Excel (.xlsx)');

    expect(await screen.findByText('1,200 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    list.answerSecond(toPage(trucksNamed(34, 1200), null, { pageIndex: 1, pageSize: 1200 }));

    expect(
      await screen.findByText('Exported 1,234 vehicles matching the filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloadBlob).toHaveBeenCalledTimes(1);
    const [blob, fileName] = vi.mocked(downloadBlob).mock.calls[0]!;
    expect(fileName).toMatch(/^vehicles-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    expect(blob.size).toBeGreaterThan(0);
  });

  it('shows a failure with Try again, which runs the export once more', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockRejectedValueOnce(
        new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'The service is unavailable.' }),
      )
      .mockImplementation(async (request) => toPage(trucksNamed(3), 3, request));
    renderButton(fetchPage);
    const user = await choose('CSV (.csv)');

    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Exported 3 vehicles.')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(vi.mocked(downloadBlob).mock.calls[0]![1]).toMatch(/\.csv$/);
  });

  it('closes a failure on Close without trying again', async () => {
    const fetchPage = vi.fn<FetchPage>().mockRejectedValue(new Error('No network.'));
    renderButton(fetchPage);
    const user = await choose('CSV (.csv)');

    const dialog = await screen.findByRole('dialog', { name: 'Exporting vehicles' });
    expect(await screen.findByText('No network.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('starts one export however quickly the item is clicked twice', async () => {
    const list = slowSecondPage(5000);
    renderButton(list.fetchPage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const item = await screen.findByRole('menuitem', { name: 'CSV (.csv)' });
    // Both clicks land before React draws again, as a fast double click can.
    act(() => {
      item.click();
      item.click();
    });
    await screen.findByText('1,200 of 5,000 rows');
    expect(list.firstPagesAsked()).toBe(1);
    // Nor can the menu be opened again while the export runs.
    expect(screen.getByRole('button', { name: 'Export', hidden: true })).toBeDisabled();
  });

  it('offers a page’s own file formats in the same menu, below the table formats', async () => {
    const fetchPage = vi.fn<FetchPage>();
    const exportMap = vi.fn();
    render(
      <TestProviders>
        <ListExportButton
          what="vehicles"
          label="Vehicles"
          fetchPage={fetchPage}
          columns={columns}
          filtered={false}
          moreItems={<Menu.Item onClick={exportMap}>Export the map</Menu.Item>}
        />
      </TestProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CSV (.csv)',
      'Excel (.xlsx)',
      'Export the map',
    ]);
    await user.click(items[2]!);
    expect(exportMap).toHaveBeenCalledTimes(1);
    expect(fetchPage).not.toHaveBeenCalled();
  });
});
