import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocale } from '@/i18n/locale';
import { useWorkerRequests } from '@/lib/use-worker-requests';
import type { ColumnMapping } from './parse-columns';
import type { DateOrder } from './parse-date-time';
import type { SheetTable } from './parse-file';
import type { RowProgress } from './row-progress';
import type { CheckScheduleRequest } from './schedule-checking';
import {
  CHECK_FAILED_MESSAGE,
  type KnownVehicleNames,
  type ScheduleCheck,
  type ScheduleRow,
} from './validate-rows';

function startCheckWorker() {
  return new Worker(new URL('./schedule-check.worker.ts', import.meta.url), { type: 'module' });
}

/** What the rows were made from: a check of other rows from the same file and mapping is close. */
interface RowsSource {
  table: SheetTable | null;
  mapping: ColumnMapping | undefined;
}

/** What the worker said about one request. */
interface RequestReport<Value> {
  request: CheckScheduleRequest;
  value: Value;
}

interface CheckedRows extends RowsSource {
  request: CheckScheduleRequest;
  check: ScheduleCheck;
}

/**
 * The browser's checks of the rows, run in a worker whenever the rows or the reading of times
 * change. While an edit or a removal is checked again, the last check of the same file and
 * mapping stays shown, with `current` false until the new one arrives; a check of another file,
 * mapping, time zone or date order is never shown. Progress is followed only while `showProgress`:
 * a report re-renders the page, which costs more than it is worth behind the column step.
 */
export function useScheduleCheck({
  rows,
  table,
  mapping,
  timeZone,
  dateOrder,
  knownVehicles,
  enabled,
  showProgress,
}: RowsSource & {
  rows: readonly ScheduleRow[];
  timeZone: string;
  dateOrder: DateOrder;
  /** The fleet's vehicle names once read; the rows are checked again when they arrive. */
  knownVehicles: KnownVehicleNames | null;
  enabled: boolean;
  showProgress: boolean;
}) {
  const [checked, setChecked] = useState<CheckedRows | null>(null);
  // Both belong to one request: a new request shows neither until its worker reports.
  const [progress, setProgress] = useState<RequestReport<RowProgress> | null>(null);
  const { i18n } = useLingui();
  const locale = useLocale();
  // Whether the request failed: the message is the page's own, in the language shown now.
  const [failure, setFailure] = useState<RequestReport<true> | null>(null);
  const asked = useRef<(RowsSource & { request: CheckScheduleRequest }) | null>(null);

  const { ask } = useWorkerRequests<CheckScheduleRequest, ScheduleCheck, RowProgress>({
    start: startCheckWorker,
    onProgress: (report, request) => {
      if (showProgress) setProgress({ request, value: report });
    },
    onAnswer: (check, request) => {
      setProgress(null);
      // Only the latest request is answered, so this is the one asked last.
      if (asked.current?.request === request) setChecked({ ...asked.current, check });
    },
    onFailure: (_message, request) => {
      setProgress(null);
      setFailure({ request, value: true });
    },
    unavailableMessage: i18n._(CHECK_FAILED_MESSAGE),
  });

  const request = useMemo<CheckScheduleRequest | null>(
    // A new language checks again, so the rows' problems are written in it.
    () => (enabled ? { rows, options: { timeZone, dateOrder, knownVehicles }, locale } : null),
    [enabled, rows, timeZone, dateOrder, knownVehicles, locale],
  );
  useEffect(() => {
    if (!request) return;
    asked.current = { table, mapping, request };
    ask(request);
  }, [request, table, mapping, ask]);

  const usable =
    checked !== null &&
    checked.table === table &&
    checked.mapping === mapping &&
    checked.request.options.timeZone === timeZone &&
    checked.request.options.dateOrder === dateOrder;
  return {
    check: usable ? checked.check : null,
    /** The check is of exactly the rows shown: safe to act on. */
    current: usable && checked.request.rows === rows,
    progress: progress?.request === request ? progress.value : null,
    failure: failure?.request === request ? i18n._(CHECK_FAILED_MESSAGE) : null,
  };
}
