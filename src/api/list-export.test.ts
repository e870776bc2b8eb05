import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it, vi } from 'vitest';
import { resetDisplayPreferencesCache, setDisplayPreferences } from '@/lib/display-preferences';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient } from '@/test/test-client';
import { ApiError } from './api-error';
import {
  DEFAULT_EXPORT_PAGE_SIZE,
  exportFileName,
  exportList,
  ExportTooLargeError,
  isExportCancelled,
  type ExportColumn,
  type ExportProgress,
} from './list-export';
import { PAGES_READ_AHEAD, toPage, type Page, type PageRequest } from './paging';
import { listVehicles } from './vehicles';

interface Truck {
  name: string;
  odometer: number | null;
}

const trucks: Truck[] = Array.from({ length: 25 }, (_, index) => ({
  name: `PDX-T${100 + index}`,
  odometer: index * 10,
}));

const columns: ExportColumn<Truck>[] = [
  { title: 'Name', value: (truck) => truck.name },
  { title: 'Odometer', value: (truck) => truck.odometer },
];

/** A list service over `rows`, reporting its total or not, that records every request. */
function fakeList<Row>(rows: readonly Row[], { withTotal = true } = {}) {
  const requests: PageRequest[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetchPage = vi.fn(async (request: PageRequest): Promise<Page<Row>> => {
    requests.push(request);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    const start = request.pageIndex * request.pageSize;
    const items = rows.slice(start, start + request.pageSize);
    return toPage(items, withTotal ? rows.length : null, request);
  });
  return { fetchPage, requests, mostInFlight: () => mostInFlight };
}

async function csvText(blob: Blob): Promise<string[][]> {
  const text = new TextDecoder().decode(await blob.arrayBuffer());
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('exportList', () => {
  it.each([true, false])(
    'reads the first page alone, then a few at a time, in order, and reports progress (total known: %s)',
    async (withTotal) => {
      const list = fakeList(trucks, { withTotal });
      const progress: ExportProgress[] = [];
      const blob = await exportList({
        fetchPage: list.fetchPage,
        columns,
        format: 'csv',
        signal: new AbortController().signal,
        pageSize: 10,
        onProgress: (step) => progress.push(step),
      });
      const rows = await csvText(blob);
      expect(rows[0]).toEqual(['Name', 'Odometer']);
      expect(rows.slice(1)).toEqual(trucks.map((truck) => [truck.name, String(truck.odometer)]));
      // With a total nothing is asked past the end; without one, the pages asked ahead of the
      // last (the third) come back empty.
      const pagesAsked = withTotal ? 3 : 3 + PAGES_READ_AHEAD - 1;
      expect(list.requests).toEqual(
        Array.from({ length: pagesAsked }, (_, pageIndex) => ({ pageIndex, pageSize: 10 })),
      );
      expect(list.mostInFlight()).toBe(withTotal ? 2 : PAGES_READ_AHEAD);
      const total = withTotal ? 25 : null;
      expect(progress).toEqual([
        { loaded: 10, total },
        { loaded: 20, total },
        { loaded: 25, total },
      ]);
    },
  );

  it('asks for pages of the default size every list service accepts', async () => {
    const list = fakeList(trucks);
    await exportList({
      fetchPage: list.fetchPage,
      columns,
      format: 'csv',
      signal: new AbortController().signal,
    });
    expect(DEFAULT_EXPORT_PAGE_SIZE).toBeLessThanOrEqual(100);
    expect(list.requests).toEqual([{ pageIndex: 0, pageSize: DEFAULT_EXPORT_PAGE_SIZE }]);
  });

  it('keeps only the rows a browser-side filter keeps, reading past pages it empties', async () => {
    // Rows 10–19 (the whole second page) are filtered out; the third page still gets read.
    const list = fakeList(trucks, { withTotal: false });
    const blob = await exportList({
      fetchPage: list.fetchPage,
      columns,
      keep: (truck) => truck.odometer! < 100 || truck.odometer! >= 200,
      format: 'csv',
      signal: new AbortController().signal,
      pageSize: 10,
    });
    const rows = await csvText(blob);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      trucks.filter((_, index) => index < 10 || index >= 20).map((truck) => truck.name),
    );
    expect(list.requests.slice(0, 3).map((request) => request.pageIndex)).toEqual([0, 1, 2]);
  });

  it('writes a header-only file for an empty list', async () => {
    const blob = await exportList({
      fetchPage: fakeList<Truck>([]).fetchPage,
      columns,
      format: 'csv',
      signal: new AbortController().signal,
    });
    expect(await csvText(blob)).toEqual([['Name', 'Odometer']]);
  });

  it('stops asking once aborted between pages, and rejects as cancelled', async () => {
    const list = fakeList(trucks);
    const controller = new AbortController();
    const result = exportList({
      fetchPage: list.fetchPage,
      columns,
      format: 'csv',
      signal: controller.signal,
      pageSize: 10,
      onProgress: () => controller.abort(),
    });
    const error: unknown = await result.catch((reason: unknown) => reason);
    expect(isExportCancelled(error)).toBe(true);
    expect(list.requests).toHaveLength(1);
  });

  it('passes the signal to the request under way and treats its failure as the cancel', async () => {
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const fetchPage = (_request: PageRequest, signal: AbortSignal) =>
      new Promise<Page<Truck>>((_resolve, reject) => {
        signals.push(signal);
        // Whatever the request reports once aborted (here a dropped connection) means the cancel.
        signal.addEventListener('abort', () =>
          reject(new ApiError({ status: 0, code: 'NETWORK', message: 'The network failed.' })),
        );
      });
    const result = exportList({ fetchPage, columns, format: 'xlsx', signal: controller.signal });
    controller.abort();
    const error: unknown = await result.catch((reason: unknown) => reason);
    expect(signals).toEqual([controller.signal]);
    expect(isExportCancelled(error)).toBe(true);
  });

  it('reports a failed request as it is when nobody cancelled', async () => {
    const failure = new ApiError({ status: 500, code: 'SERVER', message: 'The service failed.' });
    const result = exportList({
      fetchPage: () => Promise.reject(failure),
      columns,
      format: 'csv',
      signal: new AbortController().signal,
    });
    await expect(result).rejects.toBe(failure);
    expect(isExportCancelled(failure)).toBe(false);
  });

  it('refuses a list whose total is over the limit after one request', async () => {
    const list = fakeList(trucks);
    const result = exportList({
      fetchPage: list.fetchPage,
      columns,
      format: 'csv',
      signal: new AbortController().signal,
      pageSize: 10,
      maxRows: 20,
    });
    await expect(result).rejects.toThrow(
      'The list has 25 rows; one export holds at most 20. Narrow the filters and export again.',
    );
    expect(list.requests).toHaveLength(1);
  });

  it('stops a list without a total that never ends', async () => {
    const endless = vi.fn(async (request: PageRequest) =>
      toPage(trucks.slice(0, request.pageSize), null, request),
    );
    const result = exportList({
      fetchPage: endless,
      columns,
      format: 'csv',
      signal: new AbortController().signal,
      pageSize: 10,
      maxRows: 45,
    });
    await expect(result).rejects.toBeInstanceOf(ExportTooLargeError);
    await expect(result).rejects.toThrow(/more than 45 rows/);
    expect(endless).toHaveBeenCalledTimes(5);
  });

  it.each(['csv', 'xlsx'] as const)('escapes formula cells in %s', async (format) => {
    const risky: Truck[] = [{ name: '=HYPERLINK("http://evil","x")', odometer: -5 }];
    const blob = await exportList({
      fetchPage: fakeList(risky).fetchPage,
      columns,
      format,
      signal: new AbortController().signal,
    });
    const rows =
      format === 'csv'
        ? await csvText(blob)
        : await readSheet(Buffer.from(await blob.arrayBuffer()));
    expect(rows[1]!.map(String)).toEqual(['\'=HYPERLINK("http://evil","x")', '-5']);
  });

  it('reads a real list through its API module', async () => {
    const token = await signInForTest();
    configureTestApiClient({ getAccessToken: () => token });
    const everything = await listVehicles({ page: { pageIndex: 0, pageSize: 1000 } });
    const blob = await exportList({
      fetchPage: (page, signal) => listVehicles({ page }, signal),
      columns: [{ title: 'Name', value: (vehicle) => vehicle.name }],
      format: 'csv',
      signal: new AbortController().signal,
      pageSize: 7,
    });
    const names = (await csvText(blob)).slice(1).map(([name]) => name);
    expect(names.length).toBeGreaterThan(7);
    expect(names).toEqual(everything.items.map((vehicle) => vehicle.name));
  });
});

describe('exportFileName', () => {
  const afternoon = new Date(2026, 10, 24, 14, 5, 59);

  it('names the list and the local date and time', () => {
    expect(exportFileName('vehicles', 'csv', afternoon)).toBe('vehicles-2026-11-24-1405.csv');
    expect(exportFileName('Safety events', 'xlsx', afternoon)).toBe(
      'safety-events-2026-11-24-1405.xlsx',
    );
  });

  it('keeps only letters and digits of what it is told', () => {
    expect(exportFileName('../Vehicles: north/*south*', 'csv', afternoon)).toBe(
      'vehicles-north-south-2026-11-24-1405.csv',
    );
    expect(exportFileName('Véhicules', 'csv', afternoon)).toBe('véhicules-2026-11-24-1405.csv');
    expect(exportFileName(' .. ', 'csv', afternoon)).toBe('export-2026-11-24-1405.csv');
  });

  it('dates the file in the chosen zone', () => {
    const instant = new Date(Date.UTC(2026, 10, 24, 16, 5));
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone: 'Asia/Tokyo' });
    expect(exportFileName('vehicles', 'csv', instant)).toBe('vehicles-2026-11-25-0105.csv');
    setDisplayPreferences({ chosenTimeZone: 'America/Denver' });
    expect(exportFileName('vehicles', 'csv', instant)).toBe('vehicles-2026-11-24-0905.csv');
    resetDisplayPreferencesCache();
  });
});
