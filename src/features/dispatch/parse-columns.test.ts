import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  detectColumnMapping,
  fieldsSharingAColumn,
  missingRequiredFields,
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
