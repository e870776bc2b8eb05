import { msg } from '@lingui/core/macro';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { translate } from '@/i18n/translate';
import { ApiError, cancelledMessage } from './api-error';
import {
  retryFailed,
  runBulk,
  type BulkItemResult,
  type BulkReport,
  type BulkRunOptions,
} from './bulk-run';

/** What one selected row would get, shown before anything is sent. */
export interface BulkPreviewLine<Row> {
  row: Row;
  /** E.g. "Status In service → Out of service", or why nothing is sent for it. */
  change: string;
  /** False when the row already is as asked (or cannot take the change): nothing is sent for it. */
  willSend: boolean;
}

/** What a run did to one row. */
export interface BulkChange<Undo> {
  /** For the report, e.g. "Status In service → Out of service". */
  summary: string;
  /** What undoes it; null when nothing was changed. */
  undo: Undo | null;
}

/**
 * One thing a list can do to its selected rows. Methods (not function properties) on purpose:
 * a menu lists actions whose parameter and undo types differ, as `BulkAction<Row>`.
 */
export interface BulkAction<Row, Params = unknown, Undo = unknown> {
  id: string;
  /** The menu item and the dialog title, e.g. "Set status". */
  label: string;
  /** Destructive (a delete): the send button is red. */
  danger?: boolean;
  /** Said above the preview, e.g. how undo brings a deleted item back. */
  note?: string;
  initialParams: Params;
  /**
   * The parameters' form; actions without parameters go straight to the preview. `error` says why
   * the parameters cannot be used yet (from `validate`).
   */
  renderParamsForm?(
    value: Params,
    onChange: (next: Params) => void,
    error: string | null,
  ): ReactNode;
  /** Why these parameters cannot be previewed yet, or null. */
  validate?(params: Params): string | null;
  /** One line per row, in the rows' order, from the rows as listed (nothing is read or sent). */
  preview(rows: readonly Row[], params: Params): BulkPreviewLine<Row>[];
  /** Reads the row afresh, sends the change and returns what undoes it. */
  run(row: Row, params: Params, signal: AbortSignal): Promise<BulkChange<Undo>>;
  /** Puts back what `run` changed, unless someone changed it again since; says what it did. */
  undo(row: Row, undo: Undo, signal: AbortSignal): Promise<string>;
  /** The cached queries a run or an undo may change: invalidated after each. */
  affectedQueryKeys: readonly QueryKey[];
}

export type BulkRunReport<Row, Undo = unknown> = BulkReport<Row, BulkChange<Undo>>;

export interface BulkUndoItem<Row, Undo = unknown> {
  row: Row;
  undo: Undo;
}

export type BulkUndoReport<Row, Undo = unknown> = BulkReport<BulkUndoItem<Row, Undo>, string>;

/** The preview's line for a row the access rule says the user may not change. */
export function outOfScopeLine(): string {
  return translate(msg`Outside your groups: you cannot change it, nothing to send`);
}

/** The rows the preview says something will be sent for. */
export function rowsToSend<Row>(lines: readonly BulkPreviewLine<Row>[]): Row[] {
  return lines.filter((line) => line.willSend).map((line) => line.row);
}

export function runBulkAction<Row, Params, Undo>(
  action: BulkAction<Row, Params, Undo>,
  rows: readonly Row[],
  params: Params,
  options?: BulkRunOptions,
): Promise<BulkRunReport<Row, Undo>> {
  return runBulk(rows, (row, signal) => action.run(row, params, signal), options);
}

export function retryBulkAction<Row, Params, Undo>(
  action: BulkAction<Row, Params, Undo>,
  report: BulkRunReport<Row, Undo>,
  params: Params,
  options?: BulkRunOptions,
): Promise<BulkRunReport<Row, Undo>> {
  return retryFailed(report, (row, signal) => action.run(row, params, signal), options);
}

/** The done rows that changed something, with what undoes each. */
export function undoableItems<Row, Undo>(
  report: readonly BulkItemResult<Row, BulkChange<Undo>>[],
): BulkUndoItem<Row, Undo>[] {
  return report.flatMap((result) =>
    result.status === 'done' && result.value.undo !== null
      ? [{ row: result.item, undo: result.value.undo }]
      : [],
  );
}

export function runBulkUndo<Row, Params, Undo>(
  action: BulkAction<Row, Params, Undo>,
  items: readonly BulkUndoItem<Row, Undo>[],
  options?: BulkRunOptions,
): Promise<BulkUndoReport<Row, Undo>> {
  return runBulk(items, (item, signal) => action.undo(item.row, item.undo, signal), options);
}

export function retryBulkUndo<Row, Params, Undo>(
  action: BulkAction<Row, Params, Undo>,
  report: BulkUndoReport<Row, Undo>,
  options?: BulkRunOptions,
): Promise<BulkUndoReport<Row, Undo>> {
  return retryFailed(report, (item, signal) => action.undo(item.row, item.undo, signal), options);
}

export function invalidateBulkActionQueries(
  queryClient: QueryClient,
  action: Pick<BulkAction<unknown>, 'affectedQueryKeys'>,
): Promise<unknown> {
  return Promise.all(
    action.affectedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * For actions: called between an item's fresh read and its write, so a cancel stops the items
 * not yet written, while a write already sent is always let finish.
 */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) {
    throw new ApiError({ status: 0, code: 'ABORTED', message: cancelledMessage() });
  }
}

/** Undo refuses to overwrite a later change: this says so, naming the field and its new value. */
export function changedSinceError(field: string, valueNow: string): Error {
  return new Error(
    translate(
      msg`${field} was changed to ${valueNow} after the bulk change, so it was left as is.`,
    ),
  );
}

/** A run's note when the service's copy differed from the listed row before the change. */
export function listedValueNote(listed: string, fresh: string): string {
  // The leading space joins it to the sentence before.
  return listed === fresh
    ? ''
    : ` ${translate(msg`(the list showed ${listed}; it had changed since)`)}`;
}
