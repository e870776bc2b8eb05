// Loads with the route definitions (the sign-in page's bundle): `msg` and `translate`, no Lingui runtime.
import { msg } from '@lingui/core/macro';
import type { GroupAuditAction, GroupAuditLogListParams } from '@/api/groups';
import { translate } from '@/i18n/translate';
import { dateTimeFormat } from '@/lib/format';
import { lastLocalDays, toLocalDateString, dayStart } from '@/lib/local-date';
import {
  pageRequestOf,
  readBoolean,
  readDay,
  readGuid,
  readInt,
  readListColumns,
  readOneOf,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';

/**
 * The audit-log filters, kept in the URL. Route definitions load before every page, so this module
 * must not pull in the API module (and zod): the action list is repeated here, checked by type.
 */
export const groupAuditActionValues = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'IMPORT',
  'MOVE',
] as const satisfies readonly GroupAuditAction[];

export const DEFAULT_AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZES = [25, 50, 100];

export const groupAuditSearchSchema = searchSchema({
  action: (value) => readOneOf(value, groupAuditActionValues),
  groupId: readGuid,
  /** Include the subgroups of `groupId`. */
  subgroups: readBoolean,
  /** Username or user ID of whoever made the change. */
  user: (value) => readString(value, 100),
  /** First and last day shown, YYYY-MM-DD in the user's time zone. */
  from: readDay,
  to: readDay,
  page: (value) => readInt(value, { min: 1 }),
  pageSize: (_value, search) => readPageSizeParam(search, AUDIT_PAGE_SIZES),
  /** A shared view's columns. */
  columns: readListColumns,
});
export type GroupAuditSearch = ReturnType<typeof groupAuditSearchSchema>;
/**
 * The service's limits (Groups API, GET /groups/auditLogs): at most 7 days per request, nothing
 * before this day.
 */
export const AUDIT_MAX_DAYS = 7;
export const AUDIT_HISTORY_START_DAY = '2024-09-04';
const AUDIT_HISTORY_START_MS = Date.parse('2024-09-04T00:00:00Z');

/**
 * Year, month (1–12) and day of month of a YYYY-MM-DD day. A missing part is NaN, so a malformed
 * day makes an invalid Date, as it always has.
 */
function dayParts(day: string): [year: number, month: number, date: number] {
  const [year = NaN, month = NaN, date = NaN] = day.split('-').map(Number);
  return [year, month, date];
}

/** Local midnight at the start of a YYYY-MM-DD day. */
export function parseDay(day: string): Date {
  const [year, month, date] = dayParts(day);
  return new Date(year, month - 1, date);
}

/** Calendar days from `from` to `to`, counting both (time-zone changes do not matter). */
function daysInRange(from: string, to: string): number {
  const utc = (day: string) => {
    const [year, month, date] = dayParts(day);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

/** The last seven days, today included: the service's own default window. */
export function defaultAuditDays(today: Date): { from: string; to: string } {
  return lastLocalDays(AUDIT_MAX_DAYS, today);
}

export type AuditWindow =
  | { ok: true; from: string; to: string; startDate: string; endDate: string }
  | { ok: false; from: string | undefined; to: string | undefined; message: string };

/**
 * A YYYY-MM-DD day for people, in the chosen language. Formatted as that day in UTC: the reader's
 * display time zone must not move a calendar day.
 */
export function formatAuditDay(day: string, month: 'long' | 'short' = 'long'): string {
  const [year, monthNumber, date] = dayParts(day);
  return dateTimeFormat({ day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, date),
  );
}

/** The chosen days as the service's startDate/endDate, or why the service would refuse them. */
export function auditWindow(search: GroupAuditSearch, today: Date): AuditWindow {
  const defaults = defaultAuditDays(today);
  const from = search.from ?? (search.to ? undefined : defaults.from);
  const to = search.to ?? (search.from ? undefined : defaults.to);
  const refuse = (message: string): AuditWindow => ({ ok: false, from, to, message });
  if (!from || !to) return refuse(translate(msg`Choose both a first and a last day.`));
  if (from < AUDIT_HISTORY_START_DAY) {
    const historyStart = formatAuditDay(AUDIT_HISTORY_START_DAY);
    return refuse(
      translate(msg`Audit logs go back to ${historyStart}. Choose a first day on or after it.`),
    );
  }
  if (from > toLocalDateString(today)) {
    return refuse(translate(msg`The first day cannot be in the future.`));
  }
  if (to < from) return refuse(translate(msg`The last day must be on or after the first day.`));
  const days = daysInRange(from, to);
  if (days > AUDIT_MAX_DAYS) {
    const maxDays = AUDIT_MAX_DAYS;
    return refuse(
      translate(
        msg`The service returns at most ${maxDays} days at a time, and this range has ${days}. Choose up to ${maxDays} days.`,
      ),
    );
  }
  // The history limit is an instant in UTC, which local midnight can fall before.
  const start = Math.max(dayStart(from).getTime(), AUDIT_HISTORY_START_MS);
  const endOfLastDay = dayStart(to, 1);
  // A daylight-saving change can stretch seven local days past seven times 24 hours.
  const end = Math.min(endOfLastDay.getTime() - 1000, start + AUDIT_MAX_DAYS * 86_400_000);
  return {
    ok: true,
    from,
    to,
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
  };
}

export function groupAuditListParams(
  search: GroupAuditSearch,
  window: Extract<AuditWindow, { ok: true }>,
): GroupAuditLogListParams {
  return {
    page: pageRequestOf(search, DEFAULT_AUDIT_PAGE_SIZE),
    action: search.action,
    groupIdentifier: search.groupId,
    includeSubgroups: search.groupId ? (search.subgroups ?? false) : undefined,
    userIdentifier: search.user,
    startDate: window.startDate,
    endDate: window.endDate,
    sort: 'UpdatedDate',
    order: 'desc',
  };
}
