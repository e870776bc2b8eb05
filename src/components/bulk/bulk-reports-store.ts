import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * A bulk run of this session, kept after its dialog closes so that its report, Retry and Undo stay
 * reachable from the list's bulk menu until the user dismisses it. The dialog itself stays mounted
 * in the app shell (hidden), so its state outlives the list page that started it.
 */
export interface BulkReportEntry {
  id: number;
  /** Which list's menu offers it: the ids of that menu's actions. */
  scope: string;
  /** E.g. "Set status · 3 items · 10:42:05". */
  title: string;
  opened: boolean;
  /** Whether anything went to the service; a dialog closed before sending is not kept. */
  sent: boolean;
  /** The menu button that opened it last: focus goes back there on close. */
  returnFocusTo: HTMLElement | null;
  render: (entry: BulkReportEntry) => ReactNode;
}

let entries: readonly BulkReportEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly BulkReportEntry[]) {
  entries = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useBulkReports(): readonly BulkReportEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}

export function openBulkDialog(entry: Omit<BulkReportEntry, 'id' | 'opened' | 'sent'>): void {
  publish([...entries, { ...entry, id: nextId++, opened: true, sent: false }]);
}

export function reopenBulkReport(id: number, returnFocusTo: HTMLElement | null): void {
  publish(
    entries.map((entry) => (entry.id === id ? { ...entry, opened: true, returnFocusTo } : entry)),
  );
}

/** Hides the dialog; its report stays in the menu when something was sent. */
export function closeBulkDialog(id: number, sent: boolean): void {
  publish(
    entries.flatMap((entry) => {
      if (entry.id !== id) return [entry];
      const keep = entry.sent || sent;
      return keep ? [{ ...entry, opened: false, sent: keep }] : [];
    }),
  );
}

export function dismissBulkReport(id: number): void {
  publish(entries.filter((entry) => entry.id !== id));
}

/** Signing out ends the session's reports. */
export function clearBulkReports(): void {
  publish([]);
}
