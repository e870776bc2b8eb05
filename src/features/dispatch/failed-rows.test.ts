// @vitest-environment jsdom
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SubmissionResult } from '@/api/driver-assignments';
import { csvBlob, toCsv } from '@/lib/csv-export';
import { failedRowsSheet, resultRecords } from './failed-rows';
import { parseScheduleFile } from './parse-file';
import type { ScheduleRow } from './validate-rows';

const result = (overrides: Partial<SubmissionResult>): SubmissionResult => ({
  submissionId: 1,
  employeeId: 'CF1011',
  driverFirstName: 'Robert',
  driverLastName: 'Adams',
  vehicleName: 'PDX-T104',
  responseCodeId: 'SUCCESS',
  assignmentsModified: 1,
  startDate: '2026-11-24T06:00:00Z',
  endDate: '2026-11-24T16:00:00Z',
  ...overrides,
});

const uploaded: ScheduleRow = {
  id: 4,
  sourceRow: 6,
  values: {
    employeeId: 'CF1017',
    firstName: '=HYPERLINK("http://x")',
    lastName: 'Russell',
    vehicleName: 'PDX-T999',
    start: '2026-11-24 06:00',
    end: '2026-11-24 16:00',
  },
};

describe('failed rows', () => {
  it('lists the rejected entries first and exports them, escaped, as an uploadable CSV', () => {
    const records = resultRecords(
      [
        result({}),
        result({
          employeeId: 'CF1017',
          vehicleName: 'PDX-T999',
          responseCodeId: 'E_NO_MATCH_VEHICLE',
        }),
        result({ employeeId: '@CF9', responseCodeId: 'E_NO_MATCH_DRIVER' }),
      ],
      [undefined, uploaded],
    );
    expect(records.map((record) => record.index)).toEqual([1, 2, 0]);

    const csv = toCsv(failedRowsSheet(records));
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Employee ID',
      'First name',
      'Last name',
      'Vehicle',
      'Start',
      'End',
      'Code',
      'Problem',
    ]);
    // What the user typed, with the formula defused.
    expect(rows[1]!.slice(0, 4)).toEqual([
      'CF1017',
      '\'=HYPERLINK("http://x")',
      'Russell',
      'PDX-T999',
    ]);
    expect(rows[1]![6]).toBe('E_NO_MATCH_VEHICLE');
    expect(rows[1]![7]).toMatch(/No vehicle has this name/);
    // Without the draft, the service's echo (ISO times re-upload unambiguously).
    expect(rows[2]!.slice(0, 1)).toEqual(["'@CF9"]);
    expect(rows[2]![4]).toBe('2026-11-24T06:00:00Z');
    expect(rows).toHaveLength(3);
  });

  it('uploads again as the user typed it: the escaping is undone when the file is read back', async () => {
    const records = resultRecords(
      [result({ employeeId: 'CF1017', responseCodeId: 'E_NO_MATCH_VEHICLE' })],
      [uploaded],
    );
    const bytes = new Uint8Array(await csvBlob(failedRowsSheet(records)).arrayBuffer());
    const parsed = await parseScheduleFile({
      name: 'rows-to-fix.csv',
      size: bytes.length,
      arrayBuffer: async () => bytes.slice().buffer,
    });
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.table.rows[0]!.cells.slice(0, 4)).toEqual([
      'CF1017',
      '=HYPERLINK("http://x")',
      'Russell',
      'PDX-T999',
    ]);
  });
});
