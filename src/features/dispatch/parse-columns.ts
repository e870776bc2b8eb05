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
  const assign = (matches: (field: DispatchField, header: string) => boolean) => {
    for (const field of DISPATCH_FIELDS) {
      if (mapping[field] !== null) continue;
      const column = normalized.findIndex(
        (header, index) => !taken.has(index) && header !== '' && matches(field, header),
      );
      if (column === -1) continue;
      mapping[field] = column;
      taken.add(column);
    }
  };
  assign((field, header) => EXACT_ALIASES[field].includes(header));
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
  return header ? `Column ${letters}: ${header}` : `Column ${letters}`;
}
