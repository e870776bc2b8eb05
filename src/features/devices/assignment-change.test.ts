// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { splitIntoAssignmentWindows, type VehicleAssignment } from '@/api/devices';
import { describeAssignmentChange, matchesAssignmentFilters } from './assignment-change';
import { changeRangeFromSearch } from './devices-search';

const sample = '00000000-0000-0000-0000-000000000001';
const pdx112 = { id: '11111111-1111-4111-8111-111111111111', name: 'PDX-T112' };
const pdx140 = { id: '22222222-2222-4222-8222-222222222222', name: 'PDX-T140' };

const change = (overrides: Partial<VehicleAssignment>): VehicleAssignment => ({
  deviceId: 'd0d0d0d0-0000-4000-8000-000000000001',
  serialNumber: 'SF80008823',
  updatedDate: '2025-05-20T10:00:00Z',
  ...overrides,
});

describe('describeAssignmentChange', () => {
  it('words a move between two vehicles', () => {
    const view = describeAssignmentChange(
      change({
        previousVehicleId: pdx112.id,
        previousVehicleName: pdx112.name,
        vehicleId: pdx140.id,
        vehicleName: pdx140.name,
      }),
    );
    expect(view.text).toBe('Moved from PDX-T112 to PDX-T140');
    expect(view.kind).toBe('move');
    expect(view.parts).toEqual(['Moved from ', pdx112, ' to ', pdx140]);
  });

  it('words an addition: the previous side is the nameless sample vehicle', () => {
    const view = describeAssignmentChange(
      change({ previousVehicleId: sample, vehicleId: pdx140.id, vehicleName: pdx140.name }),
    );
    expect(view).toMatchObject({ kind: 'addition', text: 'Added to PDX-T140' });
    expect(view.parts).toEqual(['Added to ', pdx140]);
  });

  it('words a removal: the current side is the nameless sample vehicle', () => {
    const view = describeAssignmentChange(
      change({ previousVehicleId: pdx112.id, previousVehicleName: pdx112.name, vehicleId: sample }),
    );
    expect(view).toMatchObject({ kind: 'removal', text: 'Removed from PDX-T112' });
    expect(view.parts).toEqual(['Removed from ', pdx112]);
  });

  it('still says something when neither side is named', () => {
    expect(
      describeAssignmentChange(change({ vehicleId: sample, previousVehicleId: sample })).text,
    ).toBe('Moved from an unnamed vehicle to an unnamed vehicle');
  });
});

describe('matchesAssignmentFilters', () => {
  const move = change({
    previousVehicleId: pdx112.id,
    previousVehicleName: pdx112.name,
    vehicleId: pdx140.id,
    vehicleName: pdx140.name,
  });

  it('matches a camera by part of its serial or by its ID', () => {
    expect(matchesAssignmentFilters(move, { device: 'f8000' })).toBe(true);
    expect(matchesAssignmentFilters(move, { device: move.deviceId!.toUpperCase() })).toBe(true);
    expect(matchesAssignmentFilters(move, { device: 'ER9' })).toBe(false);
  });

  it('matches a vehicle on either side, by name part or ID', () => {
    expect(matchesAssignmentFilters(move, { vehicle: 'pdx-t112' })).toBe(true);
    expect(matchesAssignmentFilters(move, { vehicle: pdx140.id })).toBe(true);
    expect(matchesAssignmentFilters(move, { vehicle: 'SEA' })).toBe(false);
    expect(matchesAssignmentFilters(move, { vehicle: sample })).toBe(false);
  });

  it('lets everything through without filters', () => {
    expect(matchesAssignmentFilters(move, { device: ' ', vehicle: undefined })).toBe(true);
  });
});

describe('splitIntoAssignmentWindows', () => {
  const day = 86_400_000;

  it('asks for one window when the range fits in 7 days', () => {
    const end = new Date('2025-05-20T00:00:00Z');
    expect(splitIntoAssignmentWindows(new Date(end.getTime() - 3 * day), end)).toEqual([
      { startDate: '2025-05-17T00:00:00.000Z', endDate: '2025-05-20T00:00:00.000Z' },
    ]);
  });

  it('covers 30 days with windows of at most 7 days, newest first, without overlap', () => {
    const end = new Date('2025-05-31T00:00:00Z');
    const start = new Date(end.getTime() - 30 * day);
    const windows = splitIntoAssignmentWindows(start, end);
    expect(windows).toHaveLength(5);
    expect(windows[0]!.endDate).toBe(end.toISOString());
    expect(windows.at(-1)!.startDate).toBe(start.toISOString());
    for (const window of windows) {
      expect(Date.parse(window.endDate) - Date.parse(window.startDate)).toBeLessThanOrEqual(
        7 * day,
      );
    }
    for (let index = 1; index < windows.length; index++) {
      expect(Date.parse(windows[index]!.endDate)).toBeLessThan(
        Date.parse(windows[index - 1]!.startDate),
      );
    }
  });
});

describe('changeRangeFromSearch', () => {
  const today = new Date(2025, 4, 20, 15, 30);

  it('defaults to the last 7 days, ending after today', () => {
    const range = changeRangeFromSearch({}, today);
    expect(range).toMatchObject({ ok: true, from: '2025-05-14', to: '2025-05-20' });
    if (!range.ok) throw new Error('expected a valid range');
    expect(new Date(range.params.startDate)).toEqual(new Date(2025, 4, 14));
    expect(new Date(range.params.endDate)).toEqual(new Date(2025, 4, 21));
  });

  it('refuses a range that starts in the future, runs backwards or is too long', () => {
    expect(changeRangeFromSearch({ from: '2025-05-21', to: '2025-05-22' }, today)).toMatchObject({
      ok: false,
      message: 'The range cannot start in the future.',
    });
    expect(changeRangeFromSearch({ from: '2025-05-10', to: '2025-05-01' }, today)).toMatchObject({
      ok: false,
      message: 'The range ends before it starts.',
    });
    expect(changeRangeFromSearch({ from: '2025-01-01', to: '2025-05-20' }, today)).toMatchObject({
      ok: false,
      message: 'Choose at most 92 days.',
    });
    expect(changeRangeFromSearch({ from: '2025-02-30', to: '2025-05-20' }, today).ok).toBe(false);
  });

  it('passes the group filter with its subgroups', () => {
    const range = changeRangeFromSearch({ groupId: 'g-1' }, today);
    expect(range.ok && range.params).toMatchObject({ groupId: 'g-1', includeSubgroups: true });
  });
});
