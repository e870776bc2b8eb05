import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
import { displayTimeZone, formatNumber } from '@/lib/format';
import { toLocalIsoDateTime } from '@/lib/local-date';
import { writeTableFile, type ExportCell, type TableFileFormat } from '@/lib/table-file';
import { isApiError, offlineError } from './api-error';
import { isOffline } from './connection';
import { readPagesAhead, type Page, type PageRequest } from './paging';

/** One column of an exported list: its heading and the cell each row gives it. */
export interface ExportColumn<Row> {
  title: string;
  value: (row: Row) => ExportCell;
}

/** Rows read so far, and the list's size when the service reports it. */
export interface ExportProgress {
  loaded: number;
  total: number | null;
}

export interface ExportListOptions<Row> {
  /** One page of the list with the filter the user sees; the API modules' list calls fit. */
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<Page<Row>>;
  columns: readonly ExportColumn<Row>[];
  /**
   * Filters the service cannot apply, applied to each page as it arrives (the queue's subtype
   * and dynamic-risk filters). A page it empties does not end the list; the service's does.
   */
  keep?: (row: Row) => boolean;
  format: TableFileFormat;
  /** Aborting stops the export before its next request and cancels the one under way. */
  signal: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** Rows per request; see DEFAULT_EXPORT_PAGE_SIZE. */
  pageSize?: number;
  /** The most rows one export reads; see MAX_EXPORT_ROWS. */
  maxRows?: number;
  /** The worksheet's name in an .xlsx. */
  sheetName?: string;
  /** See TableFileOptions. */
  onCharactersReplaced?: (count: number) => void;
}

/**
 * The largest page every list service accepts: audit logs take at most 100 and groups, devices,
 * geofences and driver assignments state no maximum (each list operation's `limit` parameter).
 * Vehicles and safety events take up to 1,000, so their exports may pass a larger `pageSize`.
 */
export const DEFAULT_EXPORT_PAGE_SIZE = 100;

/** Beyond this a file is too large to open comfortably and the reading takes minutes. */
const MAX_EXPORT_ROWS = 100_000;

/** The export read more rows than it may hold. */
export class ExportTooLargeError extends Error {
  constructor(maxRows: number, total: number | null) {
    const most = formatNumber(maxRows);
    const rows = total === null ? '' : formatNumber(total);
    super(
      total === null
        ? translate(
            msg`The list has more than ${most} rows, the most one export holds. Narrow the filters and export again.`,
          )
        : translate(
            msg`The list has ${rows} rows; one export holds at most ${most}. Narrow the filters and export again.`,
          ),
    );
    this.name = 'ExportTooLargeError';
  }
}

function cancelledError(): DOMException {
  return new DOMException(translate(msg`The export was cancelled.`), 'AbortError');
}

/** True for an export the user cancelled, whichever layer noticed first. */
export function isExportCancelled(error: unknown): boolean {
  if (isApiError(error)) return error.code === 'ABORTED';
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Reads every page of a list (a few requests at a time, in order; the API client's rate-limit
 * hold and retries apply as for any read) and writes it as one CSV or Excel file. Rejects with an
 * AbortError when `signal` aborts, and with ExportTooLargeError past `maxRows`.
 */
export async function exportList<Row>(options: ExportListOptions<Row>): Promise<Blob> {
  const {
    fetchPage,
    columns,
    keep,
    format,
    signal,
    onProgress,
    pageSize = DEFAULT_EXPORT_PAGE_SIZE,
    maxRows = MAX_EXPORT_ROWS,
    sheetName,
    onCharactersReplaced,
  } = options;
  // Never from what this computer keeps: a file must hold the list as the service has it now.
  if (isOffline()) throw offlineError('export');
  const rows: ExportCell[][] = [];
  try {
    // Never past the cap: one page more tells that the list is over it.
    const maxPages = Math.floor(maxRows / pageSize) + 1;
    const pages = readPagesAhead((pageIndex) => fetchPage({ pageIndex, pageSize }, signal), {
      pageSize,
      maxPages,
    });
    for (let pageIndex = 0; pageIndex < maxPages; pageIndex += 1) {
      if (signal.aborted) throw cancelledError();
      const page = await pages.page(pageIndex);
      if (signal.aborted) throw cancelledError();
      pages.knowTotal(page.total);
      // A known total fails at once; an unknown one fails at the page that goes past the limit.
      if ((page.total ?? 0) > maxRows || rows.length + page.items.length > maxRows) {
        throw new ExportTooLargeError(maxRows, page.total);
      }
      for (const item of page.items) {
        if (!keep || keep(item)) rows.push(columns.map((column) => column.value(item)));
      }
      const total = page.total === null ? null : Math.max(page.total, rows.length);
      onProgress?.({ loaded: rows.length, total });
      if (!page.hasMore || page.items.length === 0) break;
    }
  } catch (error) {
    // After a cancel, whatever the request reports (a network error included) is the cancel.
    if (signal.aborted) throw cancelledError();
    throw error;
  }
  return writeTableFile(
    format,
    columns.map((column) => column.title),
    rows,
    { sheetName, onCharactersReplaced },
  );
}

/** "vehicles-2026-11-24-1405.csv": what was exported and when, in the zone Settings shows. */
export function exportFileName(what: string, format: TableFileFormat, now = new Date()): string {
  const name =
    what
      .normalize('NFKC')
      .toLowerCase()
      // Letters and digits only: no path separators, reserved characters or hidden-file dots.
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || translate(msg`export`);
  // "2026-11-24T14:05:…" → "2026-11-24-1405".
  const wallClock = toLocalIsoDateTime(now, displayTimeZone());
  return `${name}-${wallClock.slice(0, 10)}-${wallClock.slice(11, 13)}${wallClock.slice(14, 16)}.${format}`;
}
