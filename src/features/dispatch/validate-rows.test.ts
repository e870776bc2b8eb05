import { describe, expect, it } from 'vitest';
import type { DispatchField } from './dispatch-fields';
import {
  knownVehicleNames,
  validateScheduleRows,
  type ScheduleRow,
  type ScheduleValues,
} from './validate-rows';

const options = { timeZone: 'UTC', dateOrder: 'month-first' } as const;

const good: ScheduleValues = {
  employeeId: 'CF1011',
  firstName: 'Robert',
  lastName: 'Adams',
  vehicleName: 'PDX-T104',
  start: '2026-11-24 06:00',
  end: '2026-11-24 16:00',
};

/** Rows numbered as a spreadsheet would: the header is row 1. */
function rowsOf(...values: Partial<ScheduleValues>[]): ScheduleRow[] {
  return values.map((overrides, index) => ({
    id: index,
    sourceRow: index + 2,
    values: { ...good, ...overrides },
  }));
}

function issuesOf(
  rows: ScheduleRow[],
  rowId: number,
): { field: DispatchField | null; message: string }[] {
  return validateScheduleRows(rows, options).issuesByRow.get(rowId) ?? [];
}

describe('validateScheduleRows', () => {
  it('turns a clean row into a service entry with UTC ISO times', () => {
    const check = validateScheduleRows(rowsOf({}), options);
    expect(check.issueCount).toBe(0);
    expect(check.entriesByRow.get(0)).toEqual({
      userIdentifier: 'CF1011',
      user: { firstName: 'Robert', lastName: 'Adams', id: 'CF1011' },
      vehicleIdentifier: 'PDX-T104',
      startDate: '2026-11-24T06:00:00Z',
      endDate: '2026-11-24T16:00:00Z',
    });
  });

  it('leaves the driver details out when the row names no one', () => {
    const check = validateScheduleRows(rowsOf({ firstName: '', lastName: '' }), options);
    expect(check.entriesByRow.get(0)).not.toHaveProperty('user');
  });

  it('names the field of every missing required value', () => {
    const issues = issuesOf(
      rowsOf({ employeeId: '', vehicleName: '', start: '', end: '', firstName: '', lastName: '' }),
      0,
    );
    expect(issues.map((issue) => issue.field)).toEqual([
      'employeeId',
      'vehicleName',
      'start',
      'end',
    ]);
    expect(issues[0]!.message).toBe('Employee ID is required.');
  });

  it('rejects characters the service refuses in names and employee IDs', () => {
    const rows = rowsOf(
      { firstName: 'R0bert', lastName: "O'Brien-Núñez" },
      { employeeId: 'CF 1011@x', start: '2026-11-25 06:00', end: '2026-11-25 07:00' },
    );
    expect(issuesOf(rows, 0)).toEqual([
      { field: 'firstName', message: expect.stringContaining('remove "0"') },
    ]);
    expect(issuesOf(rows, 1)).toEqual([
      { field: 'employeeId', message: expect.stringContaining('remove " ", "@"') },
    ]);
  });

  it('treats spreadsheet formulas as the text they are, and flags them where they cannot belong', () => {
    const rows = rowsOf({
      firstName: '=HYPERLINK("http://evil","x")',
      vehicleName: "=cmd|'/C calc'!A0",
      employeeId: '+CF1011',
    });
    const fields = issuesOf(rows, 0).map((issue) => issue.field);
    expect(fields).toEqual(['employeeId', 'firstName', 'vehicleName']);
  });

  it('reports dates that do not parse, and an end that is not after the start', () => {
    const rows = rowsOf(
      { start: '2026-13-45 06:00' },
      { start: '2026-11-25 16:00', end: '2026-11-25 06:00' },
      { start: '2026-11-26 06:00', end: '2026-11-26 06:00' },
    );
    expect(issuesOf(rows, 0)).toEqual([
      {
        field: 'start',
        message: expect.stringMatching(/^Start "2026-13-45 06:00" is not a date-time/),
      },
    ]);
    expect(issuesOf(rows, 1)).toEqual([
      {
        field: 'end',
        message: 'End (25 Nov, 06:00) must be after the start (25 Nov, 16:00).',
      },
    ]);
    expect(issuesOf(rows, 2)[0]!.field).toBe('end');
  });

  it('flags a repeated row once, naming the first one', () => {
    const rows = rowsOf({}, { employeeId: 'cf1011', vehicleName: 'pdx-t104' });
    expect(issuesOf(rows, 0)).toEqual([]);
    expect(issuesOf(rows, 1)).toEqual([
      { field: null, message: expect.stringContaining('repeats row 2') },
    ]);
  });

  it('flags overlaps of one driver or one vehicle, but not back-to-back periods', () => {
    const rows = rowsOf(
      {},
      // Same driver, other vehicle, overlapping.
      { vehicleName: 'PDX-T105', start: '2026-11-24 15:00', end: '2026-11-24 20:00' },
      // Same vehicle, other driver, overlapping.
      { employeeId: 'CF1012', start: '2026-11-24 10:00', end: '2026-11-24 12:00' },
      // Same vehicle, another driver, starting as the first shift ends.
      { employeeId: 'CF1013', start: '2026-11-24 16:00', end: '2026-11-24 18:00' },
    );
    const check = validateScheduleRows(rows, options);
    expect(check.issuesByRow.get(1)).toEqual([
      {
        field: 'employeeId',
        message:
          'The driver is already scheduled in row 2 (24 Nov, 06:00–24 Nov, 16:00), which overlaps this row.',
      },
    ]);
    expect(check.issuesByRow.get(2)).toEqual([
      { field: 'vehicleName', message: expect.stringContaining('already scheduled in row 2') },
    ]);
    expect(check.issuesByRow.has(0)).toBe(false);
    expect(check.issuesByRow.has(3)).toBe(false);
  });

  it('reads the dates in the chosen zone', () => {
    const check = validateScheduleRows(rowsOf({}), {
      timeZone: 'Europe/Berlin',
      dateOrder: 'month-first',
    });
    expect(check.entriesByRow.get(0)?.startDate).toBe('2026-11-24T05:00:00Z');
  });

  it('checks 10,000 rows with a few planted mistakes and finds exactly those', () => {
    const base = Date.UTC(2026, 10, 24, 6);
    const rows: ScheduleRow[] = Array.from({ length: 10_000 }, (_, index) => {
      // 500 drivers and 500 vehicles, one 8-hour shift per day each, 20 days.
      const day = Math.floor(index / 500);
      const start = new Date(base + day * 86_400_000).toISOString().slice(0, 16);
      const end = new Date(base + day * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16);
      return {
        id: index,
        sourceRow: index + 2,
        values: {
          employeeId: `CF${10_000 + (index % 500)}`,
          firstName: '',
          lastName: '',
          vehicleName: `TRK-${index % 500}`,
          start,
          end,
        },
      };
    });
    rows[1234]!.values.start = 'not a date';
    rows[5000]!.values.vehicleName = 'TRK-1';
    rows[9999]!.values.employeeId = '';
    const check = validateScheduleRows(rows, options);
    // Row 5000 moved onto TRK-1, so the later of the two TRK-1 rows (5001) overlaps it.
    expect([...check.issuesByRow.keys()].sort((a, b) => a - b)).toEqual([1234, 5001, 9999]);
    expect(check.issuesByRow.get(5001)).toEqual([
      { field: 'vehicleName', message: expect.stringContaining('row 5002') },
    ]);
    expect(check.entriesByRow.size).toBe(9_997);
  });

  it('marks a vehicle name that matches none or several of the fleet, as the service would', () => {
    const fleet = knownVehicleNames(
      {
        vehicles: [{ name: 'PDX-T104' }, { name: 'Yard truck' }, { name: 'yard truck ' }],
        complete: true,
      },
      // A manager of the whole company: every vehicle is in scope.
      () => true,
    );
    const check = validateScheduleRows(
      rowsOf(
        { vehicleName: ' pdx-t104' },
        { employeeId: 'CF2', vehicleName: 'PDX-T999' },
        { employeeId: 'CF3', vehicleName: 'Yard Truck' },
      ),
      { ...options, knownVehicles: fleet },
    );
    expect(check.issuesByRow.get(0)).toBeUndefined();
    expect(check.issuesByRow.get(1)).toEqual([
      {
        field: 'vehicleName',
        message:
          'No vehicle in the fleet is named "PDX-T999". Check the spelling against the vehicle list.',
      },
    ]);
    expect(check.issuesByRow.get(2)?.[0]?.message).toMatch(
      /^2 vehicles in your groups are named "Yard Truck"/,
    );
  });

  it('marks a vehicle outside the user’s groups, whose schedule the service would refuse', () => {
    const fleet = knownVehicleNames(
      {
        vehicles: [
          { name: 'PDX-T104', groupId: 'portland' },
          { name: 'SEA-T101', groupId: 'seattle' },
          { name: 'SLC-T7', groupId: 'unplaced' },
        ],
        complete: true,
      },
      (vehicle) =>
        vehicle.groupId === 'portland' ? true : vehicle.groupId === 'seattle' ? false : undefined,
    );
    const check = validateScheduleRows(
      rowsOf(
        { vehicleName: 'PDX-T104' },
        { employeeId: 'CF2', vehicleName: 'sea-t101' },
        { employeeId: 'CF3', vehicleName: 'SLC-T7' },
      ),
      { ...options, knownVehicles: fleet },
    );
    expect(check.issuesByRow.get(0)).toBeUndefined();
    expect(check.issuesByRow.get(1)).toEqual([
      {
        field: 'vehicleName',
        message:
          '"sea-t101" belongs to a group outside yours, so its schedule cannot be set from your account. Remove the row.',
      },
    ]);
    // Not known yet: the service decides.
    expect(check.issuesByRow.get(2)).toBeUndefined();
  });

  describe('a name shared by vehicles of different groups', () => {
    const portland = 'portland';
    const fleet = knownVehicleNames(
      {
        vehicles: [
          { name: 'PDX-T101', groupId: portland },
          { name: 'PDX-T101', groupId: 'fresno' },
          { name: 'SEA-T7', groupId: 'seattle' },
          { name: 'SEA-T7', groupId: 'fresno' },
          { name: 'Yard truck', groupId: portland },
          { name: 'Yard truck', groupId: portland },
          { name: 'SLC-T7', groupId: 'seattle' },
          { name: 'SLC-T7', groupId: 'unplaced' },
        ],
        complete: true,
      },
      (vehicle) => (vehicle.groupId === 'unplaced' ? undefined : vehicle.groupId === portland),
    );
    const messagesOf = (vehicleName: string) =>
      validateScheduleRows(rowsOf({ vehicleName }), { ...options, knownVehicles: fleet })
        .issuesByRow.get(0)
        ?.map((issue) => issue.message);

    it('matches the one in the user’s groups, whatever other groups call theirs', () => {
      expect(messagesOf('pdx-t101')).toBeUndefined();
    });

    it('reports a name found only outside the user’s groups as out of reach, not as ambiguous', () => {
      expect(messagesOf('SEA-T7')).toEqual([
        'Every vehicle named "SEA-T7" belongs to a group outside yours, so its schedule cannot be set from your account. Remove the row.',
      ]);
    });

    it('reports a name shared within the user’s groups as ambiguous', () => {
      expect(messagesOf('Yard truck')?.[0]).toMatch(/^2 vehicles in your groups are named/);
    });

    it('leaves the name to the service while the scope of one of its vehicles is unknown', () => {
      expect(messagesOf('SLC-T7')).toBeUndefined();
    });
  });

  it('leaves a name it cannot find to the service when only part of the fleet was read', () => {
    const firstPart = knownVehicleNames({ vehicles: [{ name: 'PDX-T104' }], complete: false });
    const check = validateScheduleRows(rowsOf({ vehicleName: 'PDX-T999' }), {
      ...options,
      knownVehicles: firstPart,
    });
    expect(check.issueCount).toBe(0);
  });
});
