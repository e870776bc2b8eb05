// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  detectColumnMapping,
  fieldsSharingAColumn,
  headerSetKey,
  initialColumnMapping,
  missingRequiredFields,
  recallColumnMapping,
  rememberColumnMapping,
} from './parse-columns';

describe('detectColumnMapping', () => {
  it('recognises the template headers', () => {
    expect(
      detectColumnMapping(['Employee ID', 'First name', 'Last name', 'Vehicle', 'Start', 'End']),
    ).toEqual({ employeeId: 0, firstName: 1, lastName: 2, vehicleName: 3, start: 4, end: 5 });
  });

  it('tolerates the spellings dispatchers use, in any order and case', () => {
    expect(
      detectColumnMapping(['Truck', 'emp id', 'Start time', 'END_TIME', 'Surname', 'Given name']),
    ).toEqual({ employeeId: 1, firstName: 5, lastName: 4, vehicleName: 0, start: 2, end: 3 });
    expect(detectColumnMapping(['Driver ID', 'Unit #', 'From', 'To'])).toMatchObject({
      employeeId: 0,
      vehicleName: 1,
      start: 2,
      end: 3,
    });
  });

  it('reads headers word by word: "Driver First", "Emp #", "Truck", "Start Time"', () => {
    expect(
      detectColumnMapping([
        'Emp #',
        'Driver First',
        'Driver Last',
        'Truck',
        'Start Time',
        'End Time',
      ]),
    ).toEqual({ employeeId: 0, firstName: 1, lastName: 2, vehicleName: 3, start: 4, end: 5 });
    expect(
      detectColumnMapping([
        'Driver #',
        'DriverFirst',
        'driver_last',
        'Unit',
        'Start Date/Time',
        'End Date/Time',
      ]),
    ).toEqual({ employeeId: 0, firstName: 1, lastName: 2, vehicleName: 3, start: 4, end: 5 });
    expect(
      detectColumnMapping([
        'Unit No.',
        'Staff No',
        'First Name of Driver',
        'Family',
        'Shift Begins',
        'Shift Finish',
      ]),
    ).toEqual({ employeeId: 1, firstName: 2, lastName: 3, vehicleName: 0, start: 4, end: 5 });
  });

  it('does not take a start or end column for a vehicle or a name', () => {
    expect(detectColumnMapping(['Unit Start', 'Unit End', 'Vehicle Unit', 'Emp #'])).toMatchObject({
      employeeId: 3,
      vehicleName: 2,
      start: 0,
      end: 1,
    });
  });

  it('falls back to headers that contain a telling word', () => {
    expect(
      detectColumnMapping([
        'Employee number (payroll)',
        'Vehicle to use',
        'Scheduled start (local)',
        'Scheduled end (local)',
      ]),
    ).toMatchObject({ employeeId: 0, vehicleName: 1, start: 2, end: 3 });
  });

  it('leaves unknown columns unmapped and reports the required ones missing', () => {
    const mapping = detectColumnMapping(['Name', 'Notes', '']);
    expect(mapping).toEqual({
      employeeId: null,
      firstName: null,
      lastName: null,
      vehicleName: null,
      start: null,
      end: null,
    });
    expect(missingRequiredFields(mapping)).toEqual(['employeeId', 'vehicleName', 'start', 'end']);
  });

  it('never maps one column to two fields on its own, and spots it when the user does', () => {
    const mapping = detectColumnMapping(['Start', 'Start']);
    expect([mapping.start, mapping.end]).toEqual([0, null]);
    expect(fieldsSharingAColumn({ ...mapping, end: 0 })).toEqual(['start', 'end']);
  });
});

describe('columnLabel', () => {
  it('names columns as spreadsheets do', () => {
    expect(columnLabel(['Vehicle'], 0)).toBe('Column A: Vehicle');
    expect(columnLabel([], 27)).toBe('Column AB');
  });
});

describe('remembered column mappings', () => {
  const headers = ['Driver', 'Code', 'Rig', 'Out', 'In'];
  const chosen = {
    employeeId: 1,
    firstName: null,
    lastName: null,
    vehicleName: 2,
    start: 3,
    end: 4,
  };

  it('keys a header set whatever its order, case or spacing', () => {
    expect(headerSetKey(['Out', 'In', 'rig', ' CODE', 'driver'])).toBe(headerSetKey(headers));
    expect(headerSetKey(['Out', 'In'])).not.toBe(headerSetKey(headers));
  });

  it('brings back the mapping chosen last time for the same headers, even reordered', () => {
    expect(recallColumnMapping(headers)).toBeNull();
    rememberColumnMapping(headers, chosen);
    expect(initialColumnMapping(headers)).toEqual(chosen);
    expect(initialColumnMapping(['In', 'Out', 'Rig', 'Code', 'Driver'])).toEqual({
      employeeId: 3,
      firstName: null,
      lastName: null,
      vehicleName: 2,
      start: 1,
      end: 0,
    });
  });

  it('guesses as before for a header set it has not seen, and survives broken storage', () => {
    rememberColumnMapping(headers, chosen);
    expect(initialColumnMapping(['Emp #', 'Truck', 'Start', 'End'])).toMatchObject({
      employeeId: 0,
      vehicleName: 1,
    });
    localStorage.setItem(headerSetKey(headers), '{not json');
    expect(recallColumnMapping(headers)).toBeNull();
  });
});
