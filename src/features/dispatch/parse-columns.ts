import { t } from '@lingui/core/macro';
import { z } from '@/api/zod';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';
import { DISPATCH_FIELDS, DISPATCH_FIELD_DEFINITIONS, type DispatchField } from './dispatch-fields';

/** Which column (0-based) holds each entry field; null = not in the file. */
export type ColumnMapping = Record<DispatchField, number | null>;

/** Header spellings seen in dispatch sheets, compared without case, spaces or punctuation. */
const EXACT_ALIASES: Record<DispatchField, readonly string[]> = {
  employeeId: [
    'employeeid',
    'empid',
    'employee',
    'employeeno',
    'employeenum',
    'employeenumber',
    'emp',
    'empno',
    'empnum',
    'empnumber',
    'driverid',
    'driveremployeeid',
    'driveremployeenumber',
    'drivernumber',
    'driverno',
    'useridentifier',
    'staffid',
    'badge',
    'badgeid',
    'badgenumber',
    'payrollid',
  ],
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname', 'driverfirstname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'driverlastname'],
  vehicleName: [
    'vehicle',
    'vehiclename',
    'vehicleid',
    'vehicleidentifier',
    'vehicleno',
    'vehiclenumber',
    'truck',
    'truckname',
    'truckno',
    'trucknumber',
    'unit',
    'unitname',
    'unitno',
    'unitnumber',
    'asset',
    'assetname',
    'fleetnumber',
    'fleetno',
    'van',
    'tractor',
  ],
  start: [
    'start',
    'starttime',
    'startdate',
    'startdatetime',
    'startat',
    'starts',
    'from',
    'begin',
    'begins',
    'shiftstart',
    'dispatchstart',
    'assignmentstart',
    'assignmentstartdate',
  ],
  end: [
    'end',
    'endtime',
    'enddate',
    'enddatetime',
    'endat',
    'ends',
    'to',
    'until',
    'finish',
    'shiftend',
    'dispatchend',
    'assignmentend',
    'assignmentenddate',
  ],
};

/** Looser second pass: a header containing one of these words, e.g. "Scheduled start (local)". */
const CONTAINED_WORDS: Record<DispatchField, readonly string[]> = {
  employeeId: ['employee', 'empid', 'driverid', 'badge', 'payroll'],
  firstName: ['firstname', 'givenname', 'forename'],
  lastName: ['lastname', 'surname', 'familyname'],
  vehicleName: ['vehicle', 'truck', 'unit', 'asset', 'fleet'],
  start: ['start', 'begin', 'from'],
  end: ['end', 'finish', 'until'],
};

/**
 * Third pass, word by word, for headers like "Driver First", "Emp #" or "Unit Start Time": a field
 * matches when the header has one of its words and none of the words that point elsewhere.
 */
const HEADER_WORDS: Record<DispatchField, { any: readonly string[]; none?: readonly string[] }> = {
  employeeId: {
    any: ['emp', 'employee', 'badge', 'payroll', 'staff', 'personnel', 'driverid', 'userid'],
    none: ['first', 'last', 'given', 'surname', 'family', 'start', 'end'],
  },
  firstName: { any: ['first', 'given', 'forename', 'fname'], none: ['last', 'start', 'end'] },
  lastName: { any: ['last', 'surname', 'family', 'lname'], none: ['first', 'start', 'end'] },
  vehicleName: {
    any: ['vehicle', 'truck', 'unit', 'asset', 'fleet', 'van', 'tractor', 'bus', 'rig'],
    none: ['start', 'end', 'begin', 'finish'],
  },
  start: { any: ['start', 'begin', 'begins', 'starts', 'depart', 'departure'] },
  end: { any: ['end', 'ends', 'finish', 'until', 'stop', 'return'] },
};

/** "Driver First", "DriverFirst" and "driver_first" all give ["driver", "first"]. */
function headerWords(header: string): string[] {
  return header
    .normalize('NFKD')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A driver number written as "Driver #", "Driver No" or "Driver Number" names the employee ID. */
function isDriverNumber(header: string, words: readonly string[]): boolean {
  return (
    words.includes('driver') &&
    (/#/.test(header) || words.some((word) => ['no', 'num', 'number', 'code', 'id'].includes(word)))
  );
}

function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function emptyMapping(): ColumnMapping {
  return {
    employeeId: null,
    firstName: null,
    lastName: null,
    vehicleName: null,
    start: null,
    end: null,
  };
}

/** Guesses the mapping from the headers: exact spellings first, then headers containing a word. */
export function detectColumnMapping(headers: readonly string[]): ColumnMapping {
  const mapping = emptyMapping();
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const assign = (matches: (field: DispatchField, header: string, index: number) => boolean) => {
    for (const field of DISPATCH_FIELDS) {
      if (mapping[field] !== null) continue;
      const column = normalized.findIndex(
        (header, index) => !taken.has(index) && header !== '' && matches(field, header, index),
      );
      if (column === -1) continue;
      mapping[field] = column;
      taken.add(column);
    }
  };
  const words = headers.map(headerWords);
  // Our templates' headers in the reader's language: a Spanish template maps as an English one.
  assign((field, header) => {
    const templateHeader = normalizeHeader(t(DISPATCH_FIELD_DEFINITIONS[field].templateHeader));
    return !EXACT_ALIASES[field].includes(templateHeader) && templateHeader === header;
  });
  assign((field, header) => EXACT_ALIASES[field].includes(header));
  assign((field, _header, index) => {
    const { any, none = [] } = HEADER_WORDS[field];
    const headerWordList = words[index] ?? [];
    if (headerWordList.some((word) => none.includes(word))) return false;
    if (field === 'employeeId' && isDriverNumber(headers[index] ?? '', headerWordList)) return true;
    return headerWordList.some((word) => any.includes(word));
  });
  assign((field, header) => CONTAINED_WORDS[field].some((word) => header.includes(word)));
  return mapping;
}

/** The required fields the mapping leaves without a column. */
export function missingRequiredFields(mapping: ColumnMapping): DispatchField[] {
  return DISPATCH_FIELDS.filter(
    (field) => DISPATCH_FIELD_DEFINITIONS[field].required && mapping[field] === null,
  );
}

/** Fields mapped to the same column: each column feeds one field. */
export function fieldsSharingAColumn(mapping: ColumnMapping): DispatchField[] {
  return DISPATCH_FIELDS.filter(
    (field) =>
      mapping[field] !== null &&
      DISPATCH_FIELDS.some((other) => other !== field && mapping[other] === mapping[field]),
  );
}

/** "Column C: Vehicle", as the mapping Selects list a column. */
export function columnLabel(headers: readonly string[], column: number): string {
  let letters = '';
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  const header = headers[column]?.trim();
  return header ? t`Column ${letters}: ${header}` : t`Column ${letters}`;
}

// ---------------------------------------------------------------------------------------------
// The last mapping a user chose for a set of headers, so a weekly sheet is mapped once
// ---------------------------------------------------------------------------------------------

const REMEMBERED_MAPPING_PREFIX = 'fleet-console.dispatch-mapping:';

/** The same headers in any order give the same key; blank headers do not count. */
export function headerSetKey(headers: readonly string[]): string {
  const names = [...new Set(headers.map(normalizeHeader).filter(Boolean))].sort();
  return REMEMBERED_MAPPING_PREFIX + names.join('|');
}

/** Stored by header name rather than position, so reordered columns still map right. */
type RememberedMapping = Partial<Record<DispatchField, string>>;
const rememberedMappingSchema = z
  .partialRecord(z.enum(DISPATCH_FIELDS), z.string())
  .nullable() satisfies z.ZodType<RememberedMapping | null>;

/** Saves the user's mapping for this header set (best effort: storage may be full or blocked). */
export function rememberColumnMapping(headers: readonly string[], mapping: ColumnMapping): void {
  const remembered: RememberedMapping = {};
  for (const field of DISPATCH_FIELDS) {
    const column = mapping[field];
    const name = column === null ? '' : normalizeHeader(headers[column] ?? '');
    if (name) remembered[field] = name;
  }
  // Remembering is a convenience; the upload works without it.
  writeStoredJson('local', headerSetKey(headers), remembered);
}

/** The mapping saved for this header set, or null when there is none (or it no longer fits). */
export function recallColumnMapping(headers: readonly string[]): ColumnMapping | null {
  const stored = readStoredJson(
    'local',
    headerSetKey(headers),
    rememberedMappingSchema,
    null,
  ).value;
  if (!stored) return null;
  const normalized = headers.map(normalizeHeader);
  const mapping = emptyMapping();
  for (const field of DISPATCH_FIELDS) {
    const name = stored[field];
    if (name === undefined) continue;
    const column = normalized.indexOf(name);
    if (column !== -1) mapping[field] = column;
  }
  return mapping;
}

/** The user's own mapping for these headers when there is one, else the guess. */
export function initialColumnMapping(headers: readonly string[]): ColumnMapping {
  return recallColumnMapping(headers) ?? detectColumnMapping(headers);
}
