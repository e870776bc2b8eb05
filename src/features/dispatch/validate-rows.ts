import { msg, plural, t } from '@lingui/core/macro';
import type { DispatchEntry } from '@/api/driver-assignments';
import { getFormatLocale } from '@/i18n/locale';
import { DISPATCH_FIELD_DEFINITIONS, type DispatchField } from './dispatch-fields';
import { parseScheduleDateTime, toServiceDateTime, type DateTimeOptions } from './parse-date-time';
import { ROWS_PER_PROGRESS_REPORT, type RowProgressListener } from './row-progress';

export type ScheduleValues = Record<DispatchField, string>;

/** One schedule row as the wizard holds it: text values, edits applied. */
export interface ScheduleRow {
  /** Stable across edits and removals: the row's index in the uploaded file. */
  id: number;
  /** The row number the spreadsheet shows, for messages. */
  sourceRow: number;
  values: ScheduleValues;
}

export interface RowIssue {
  /** The field to fix; null when the row as a whole is the problem (a duplicate). */
  field: DispatchField | null;
  message: string;
}

export interface ScheduleCheck {
  issuesByRow: Map<number, RowIssue[]>;
  /** The service entry of every row without issues. */
  entriesByRow: Map<number, DispatchEntry>;
  issueCount: number;
}

/**
 * The fleet's vehicles by name, as the service matches a row's vehicle (trimmed, any case). Names
 * are unique only within a group, so a name is matched within the user's write scope
 * (docs/access.md) first, and only then across the rest of the company.
 */
export interface KnownVehicleNames {
  /** Lower-case, trimmed name → how many vehicles carry it. */
  countByName: Record<string, number>;
  /** False when only part of the fleet was read: a name missing from it may still exist. */
  complete: boolean;
  /** Name → how many of its vehicles are in the user's groups or the subgroups below them. */
  inScopeCountByName: Record<string, number>;
  /** Names carried by a vehicle whose scope is not known yet: the service decides for them. */
  scopeUnknown: Record<string, true>;
}
/** How to read the rows' times, and the vehicles to check names against once they are read. */
export interface ScheduleCheckOptions extends DateTimeOptions {
  knownVehicles?: KnownVehicleNames | null;
}

/** The key a vehicle name is matched by, in the browser and the service alike. */
function vehicleNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The names of the vehicles read (the fleet's, or its first ones when `complete` is false), and
 * how many of each `canWrite` places in the user's groups.
 */
export function knownVehicleNames<Vehicle extends { name: string }>(
  index: { vehicles: readonly Vehicle[]; complete: boolean },
  canWrite: (vehicle: Vehicle) => boolean | undefined = () => undefined,
): KnownVehicleNames {
  const countByName: Record<string, number> = {};
  const inScopeCountByName: Record<string, number> = {};
  const scopeUnknown: Record<string, true> = {};
  for (const vehicle of index.vehicles) {
    const key = vehicleNameKey(vehicle.name);
    countByName[key] = (countByName[key] ?? 0) + 1;
    const writable = canWrite(vehicle);
    if (writable) inScopeCountByName[key] = (inScopeCountByName[key] ?? 0) + 1;
    else if (writable === undefined) scopeUnknown[key] = true;
  }
  return { countByName, complete: index.complete, inScopeCountByName, scopeUnknown };
}

/**
 * What the service would answer for a vehicle name: a single match in the user's groups is theirs
 * even when another group has the name too; several there are ambiguous (E_DUPLICATE_VEHICLES);
 * none there and some elsewhere are out of reach (E_ACCESS_DENIED); none at all is
 * E_NO_MATCH_VEHICLE.
 */
function checkVehicleKnown(name: string, known: KnownVehicleNames): string | null {
  const key = vehicleNameKey(name);
  const count = known.countByName[key] ?? 0;
  const inScope = known.inScopeCountByName[key] ?? 0;
  if (count === 0) {
    return known.complete
      ? t`No vehicle in the fleet is named "${name}". Check the spelling against the vehicle list.`
      : null;
  }
  if (inScope > 1) {
    return plural(inScope, {
      other: `# vehicles in your groups are named "${name}", so the service cannot tell which is meant. Give them different names first.`,
    });
  }
  if (inScope === 1 || known.scopeUnknown[key]) return null;
  if (!known.complete) return null;
  return count === 1
    ? t`"${name}" belongs to a group outside yours, so its schedule cannot be set from your account. Remove the row.`
    : t`Every vehicle named "${name}" belongs to a group outside yours, so its schedule cannot be set from your account. Remove the row.`;
}

/** When the checks fail in a way they do not foresee (or the browser cannot run them). */
export const CHECK_FAILED_MESSAGE = msg`The rows could not be checked in this browser. Reload the page to try again.`;

/** The service creates drivers only from names of letters, marks, spaces and . ' ’ - (seed §7). */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const EMPLOYEE_ID_PATTERN = /^[A-Za-z0-9-]+$/;
const FORMULA_START = /^[=+@]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
const MAX_LENGTH: Record<DispatchField, number> = {
  employeeId: 50,
  firstName: 50,
  lastName: 50,
  vehicleName: 100,
  start: 64,
  end: 64,
};

/** The characters of `text` that `pattern`'s alphabet lacks, quoted, for a message. */
function offendingCharacters(text: string, allowed: RegExp): string {
  const characters = [...new Set([...text].filter((character) => !allowed.test(character)))];
  return characters
    .slice(0, 5)
    .map((character) =>
      CONTROL_CHARACTERS.test(character) ? t`a control character` : `"${character}"`,
    )
    .join(', ');
}

function checkText(field: DispatchField, text: string): string | null {
  const label = t(DISPATCH_FIELD_DEFINITIONS[field].label);
  if (!text) return DISPATCH_FIELD_DEFINITIONS[field].required ? t`${label} is required.` : null;
  if (text.length > MAX_LENGTH[field]) {
    const length = text.length;
    const maxLength = MAX_LENGTH[field];
    return plural(maxLength, {
      other: `${label} is ${length} characters long; at most # are allowed.`,
    });
  }
  if (field === 'employeeId' && !EMPLOYEE_ID_PATTERN.test(text)) {
    const characters = offendingCharacters(text, /[A-Za-z0-9-]/);
    return t`${label} may hold only letters, digits and hyphens; remove ${characters}.`;
  }
  if ((field === 'firstName' || field === 'lastName') && !NAME_PATTERN.test(text)) {
    const characters = offendingCharacters(text, /[\p{L}\p{M} .'’-]/u);
    return t`${label} may hold only letters, spaces and . ' - (the service rejects other characters); remove ${characters}.`;
  }
  if (field === 'vehicleName') {
    if (CONTROL_CHARACTERS.test(text)) return t`${label} holds a control character.`;
    if (FORMULA_START.test(text)) return t`${label} looks like a spreadsheet formula, not a name.`;
  }
  return null;
}

interface TimedRow {
  id: number;
  sourceRow: number;
  values: ScheduleValues;
  driverKey: string;
  vehicleKey: string;
  startMs: number;
  endMs: number;
}

const messageTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "24 Nov, 06:00" in the zone the file is read in, so messages match what the user typed: a
 * 24-hour clock, as schedules are typed (British English's order for English).
 */
function timeFormat(epochMs: number, timeZone: string): string {
  const formatLocale = getFormatLocale();
  const key = `${formatLocale}|${timeZone}`;
  let format = messageTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale === 'en' ? 'en-GB' : formatLocale, {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    messageTimeFormats.set(key, format);
  }
  return format.format(epochMs);
}

/**
 * Rows of one driver (or one vehicle) whose periods overlap: each row after the first is flagged
 * against the earlier row that reaches furthest, so one sort and one sweep cover 10,000 rows.
 */
function findOverlaps(
  rows: readonly TimedRow[],
  keyOf: (row: TimedRow) => string,
  report: (row: TimedRow, earlier: TimedRow) => void,
): void {
  const groups = new Map<string, TimedRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => a.startMs - b.startMs || a.sourceRow - b.sourceRow);
    const [first, ...later] = group;
    if (!first) continue;
    let reach = first;
    for (const row of later) {
      if (row.startMs < reach.endMs) report(row, reach);
      if (row.endMs > reach.endMs) reach = row;
    }
  }
}

/** The service entry for a row that passed every check. */
function toDispatchEntry(values: ScheduleValues, startMs: number, endMs: number): DispatchEntry {
  const hasName = values.firstName !== '' || values.lastName !== '';
  return {
    userIdentifier: values.employeeId,
    // The names only matter when the driver is new and may be added automatically.
    ...(hasName && {
      user: {
        firstName: values.firstName || null,
        lastName: values.lastName || null,
        id: values.employeeId,
      },
    }),
    vehicleIdentifier: values.vehicleName,
    startDate: toServiceDateTime(startMs),
    endDate: toServiceDateTime(endMs),
  };
}

/**
 * Everything that can be checked without the service: required values, name characters, dates
 * that parse, end after start, duplicate rows and overlaps for a driver or vehicle in the file,
 * and, given the fleet's vehicles, names that match none or several of them.
 * `onProgress` hears every thousand rows checked.
 */
export function validateScheduleRows(
  rows: readonly ScheduleRow[],
  options: ScheduleCheckOptions,
  onProgress?: RowProgressListener,
): ScheduleCheck {
  const issuesByRow = new Map<number, RowIssue[]>();
  const addIssue = (rowId: number, issue: RowIssue) => {
    const list = issuesByRow.get(rowId);
    if (list) list.push(issue);
    else issuesByRow.set(rowId, [issue]);
  };
  const timed: TimedRow[] = [];
  const firstRowByContent = new Map<string, number>();

  for (const [index, row] of rows.entries()) {
    if (onProgress && index > 0 && index % ROWS_PER_PROGRESS_REPORT === 0) {
      onProgress({ done: index, total: rows.length });
    }
    const { values } = row;
    for (const field of ['employeeId', 'firstName', 'lastName', 'vehicleName'] as const) {
      const message = checkText(field, values[field]);
      if (message) addIssue(row.id, { field, message });
      else if (field === 'vehicleName' && values.vehicleName && options.knownVehicles) {
        const unknown = checkVehicleKnown(values.vehicleName, options.knownVehicles);
        if (unknown) addIssue(row.id, { field, message: unknown });
      }
    }
    const times: Partial<Record<'start' | 'end', number>> = {};
    for (const field of ['start', 'end'] as const) {
      const label = t(DISPATCH_FIELD_DEFINITIONS[field].label);
      if (values[field].length > MAX_LENGTH[field]) {
        addIssue(row.id, { field, message: t`${label} is too long to be a date-time.` });
        continue;
      }
      const parsed = parseScheduleDateTime(values[field], options);
      if (parsed.ok) times[field] = parsed.epochMs;
      else {
        const problem = parsed.message;
        addIssue(row.id, {
          field,
          message: values[field] ? t`${label} ${problem}` : t`${label} is required.`,
        });
      }
    }
    if (times.start === undefined || times.end === undefined) continue;
    if (times.end <= times.start) {
      const end = timeFormat(times.end, options.timeZone);
      const start = timeFormat(times.start, options.timeZone);
      addIssue(row.id, {
        field: 'end',
        message: t`End (${end}) must be after the start (${start}).`,
      });
      continue;
    }
    if (!values.employeeId || !values.vehicleName) continue;
    const driverKey = values.employeeId.toLowerCase();
    const vehicleKey = values.vehicleName.toLowerCase();
    const contentKey = `${driverKey}\u0000${vehicleKey}\u0000${times.start}\u0000${times.end}`;
    const firstRow = firstRowByContent.get(contentKey);
    if (firstRow !== undefined) {
      addIssue(row.id, {
        field: null,
        message: t`This row repeats row ${firstRow} (same driver, vehicle and times). Remove one of them.`,
      });
      continue;
    }
    firstRowByContent.set(contentKey, row.sourceRow);
    timed.push({
      id: row.id,
      sourceRow: row.sourceRow,
      values,
      driverKey,
      vehicleKey,
      startMs: times.start,
      endMs: times.end,
    });
  }

  const period = (row: TimedRow) =>
    `${timeFormat(row.startMs, options.timeZone)}–${timeFormat(row.endMs, options.timeZone)}`;
  findOverlaps(
    timed,
    (row) => row.driverKey,
    (row, earlier) => {
      const earlierRow = earlier.sourceRow;
      const earlierPeriod = period(earlier);
      addIssue(row.id, {
        field: 'employeeId',
        message: t`The driver is already scheduled in row ${earlierRow} (${earlierPeriod}), which overlaps this row.`,
      });
    },
  );
  findOverlaps(
    timed,
    (row) => row.vehicleKey,
    (row, earlier) => {
      const earlierRow = earlier.sourceRow;
      const earlierPeriod = period(earlier);
      addIssue(row.id, {
        field: 'vehicleName',
        message: t`The vehicle is already scheduled in row ${earlierRow} (${earlierPeriod}), which overlaps this row.`,
      });
    },
  );

  const entriesByRow = new Map<number, DispatchEntry>();
  let issueCount = 0;
  for (const issues of issuesByRow.values()) issueCount += issues.length;
  for (const row of timed) {
    if (!issuesByRow.has(row.id))
      entriesByRow.set(row.id, toDispatchEntry(row.values, row.startMs, row.endMs));
  }
  return { issuesByRow, entriesByRow, issueCount };
}
