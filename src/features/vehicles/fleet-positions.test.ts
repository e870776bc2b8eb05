import { describe, expect, it } from 'vitest';
import type { EcmVehicle } from '@/api/ecm';
import { buildGroupTree } from '@/api/group-tree';
import type { Group } from '@/api/groups';
import type { VehicleSearchEntry } from '@/api/vehicles';
import { testGroup } from '@/test/group-fixture';
import {
  formatAge,
  describeFleetMatch,
  positionsInGroup,
  searchFleetPositions,
  STALE_AFTER_MS,
  toFleetPositions,
} from './fleet-positions';
import { consoleVehicleMatcher } from './legacy-vehicle-match';

const readAt = Date.parse('2026-11-24T12:00:00Z');
const minutesBefore = (minutes: number) => new Date(readAt - minutes * 60_000).toISOString();

function legacy(
  vehicleId: number,
  vin: string | null,
  location: EcmVehicle['location'],
  deviceVin: string | null = null,
): EcmVehicle {
  return { vehicleId, vin, deviceVin, odometer: 1000, location };
}

const at = (gpsDateTime: string | null, latitude = 47.6, longitude = -122.3) => ({
  latitude,
  longitude,
  gpsDateTime,
  direction: 90,
  speed: 40,
});

const consoleVehicle = (id: string, name: string, vin: string | null): VehicleSearchEntry => ({
  id,
  name,
  vin,
  licensePlateNumber: `PL-${id}`,
  groupId: 'g',
});

describe('toFleetPositions', () => {
  it('keeps vehicles with a usable position, sorted by name, and counts the others', () => {
    const fleet = toFleetPositions(
      [
        legacy(3, 'VIN3', at(minutesBefore(10))),
        legacy(1, 'VIN1', null),
        legacy(2, 'VIN2', at(minutesBefore(5), 0, 0)),
        legacy(4, 'VIN4', at(minutesBefore(5), 95, 10)),
        legacy(10, null, at(minutesBefore(5))),
      ],
      readAt,
    );
    expect(fleet.withoutPosition).toBe(3);
    expect(fleet.positions.map((position) => position.label)).toEqual([
      'Legacy vehicle 3',
      'Legacy vehicle 10',
    ]);
  });

  it('marks positions older than a day, or of unknown age, as stale at the time of the read', () => {
    const staleMinutes = STALE_AFTER_MS / 60_000 + 1;
    const { positions } = toFleetPositions(
      [
        legacy(1, null, at(minutesBefore(staleMinutes - 2))),
        legacy(2, null, at(minutesBefore(staleMinutes))),
        legacy(3, null, at(null)),
        legacy(4, null, at('not a date')),
      ],
      readAt,
    );
    expect(positions.map((position) => [position.key, position.stale])).toEqual([
      ['1', false],
      ['2', true],
      ['3', true],
      ['4', true],
    ]);
    expect(positions[2]!.positionTime).toBeNull();
  });

  it('names a vehicle after the console vehicle with its VIN, the hand-entered one first', () => {
    const match = consoleVehicleMatcher([
      consoleVehicle('a', 'SEA-T101', '1ftbr1c80lka12345'),
      consoleVehicle('b', 'SEA-T102', '3AKJHHDR4TU103852'),
    ]);
    const { positions } = toFleetPositions(
      [
        legacy(1, ' 1FTBR1C80LKA12345 ', at(minutesBefore(1))),
        legacy(2, 'UNKNOWN', at(minutesBefore(1)), '3AKJHHDR4TU103852'),
        legacy(3, 'UNKNOWN', at(minutesBefore(1))),
      ],
      readAt,
      match,
    );
    expect(
      positions.map((position) => [
        position.label,
        position.consoleMatch?.vehicle.id,
        position.consoleMatch?.matchedBy,
      ]),
    ).toEqual([
      ['Legacy vehicle 3', undefined, undefined],
      ['SEA-T101', 'a', 'vin'],
      ['SEA-T102', 'b', 'deviceVin'],
    ]);
  });
});

describe('searchFleetPositions', () => {
  const { positions } = toFleetPositions(
    [
      legacy(500123, '1FTBR1C80LKA12345', at(minutesBefore(1))),
      legacy(500124, '3AKJHHDR4TU103852', at(minutesBefore(1))),
    ],
    readAt,
    consoleVehicleMatcher([consoleVehicle('x', 'BOI-B101', '1FTBR1C80LKA12345')]),
  );

  it('says which field matched when the name does not show it', () => {
    const [boise, other] = positions;
    expect(describeFleetMatch(boise!, 'boi')).toBeNull();
    expect(describeFleetMatch(other!, '103852')).toBe('VIN 3AKJHHDR4TU103852');
    expect(describeFleetMatch(boise!, 'boi pl-x')).toBe('plate PL-x');
    expect(describeFleetMatch(boise!, '500123')).toBe('legacy number 500123');
    // A legacy vehicle's name holds its number: nothing more to say.
    expect(describeFleetMatch(other!, '500124')).toBeNull();
    expect(describeFleetMatch(other!, 'nothing')).toBeNull();
  });

  it('finds by name, plate, VIN or legacy number, every word in any case', () => {
    const labels = (query: string) =>
      searchFleetPositions(positions, query).map((position) => position.label);
    expect(labels('')).toEqual(['BOI-B101', 'Legacy vehicle 500124']);
    expect(labels('boi b101')).toEqual(['BOI-B101']);
    expect(labels('pl-x')).toEqual(['BOI-B101']);
    expect(labels('tu103852')).toEqual(['Legacy vehicle 500124']);
    expect(labels('500123')).toEqual(['BOI-B101']);
    expect(labels('boi 500124')).toEqual([]);
  });
});

describe('formatAge', () => {
  it('says how old a position is in the largest sensible unit', () => {
    const now = readAt;
    expect(formatAge(now - 30_000, now)).toBe('just now');
    expect(formatAge(now + 60_000, now)).toBe('just now');
    expect(formatAge(now - 12 * 60_000, now)).toBe('12 min ago');
    expect(formatAge(now - 5 * 3_600_000, now)).toBe('5 h ago');
    expect(formatAge(now - 47 * 3_600_000, now)).toBe('47 h ago');
    expect(formatAge(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});

describe('positionsInGroup', () => {
  const ROOT = 'aaaaaaaa-0000-0000-0000-000000000000';
  const NORTH = 'bbbbbbbb-0000-0000-0000-000000000000';
  const PORTLAND = 'cccccccc-0000-0000-0000-000000000000';
  const SOUTH = 'dddddddd-0000-0000-0000-000000000000';
  const group = (id: string, name: string, parentId: string): Group =>
    testGroup(id, name, parentId, ROOT);
  const tree = buildGroupTree([
    group(ROOT, 'Company', ROOT),
    group(NORTH, 'North', ROOT),
    group(PORTLAND, 'Portland', NORTH),
    group(SOUTH, 'South', ROOT),
  ]);
  const inGroup = (id: string, name: string, vin: string, groupId: string) => ({
    ...consoleVehicle(id, name, vin),
    groupId,
  });
  const fleet = toFleetPositions(
    [
      legacy(1, 'VIN1', at(minutesBefore(5))),
      legacy(2, 'VIN2', at(minutesBefore(5))),
      legacy(3, 'VIN3', at(minutesBefore(5))),
      legacy(4, 'VIN-UNMATCHED', at(minutesBefore(5))),
    ],
    readAt,
    consoleVehicleMatcher([
      inGroup('1', 'North truck', 'VIN1', NORTH),
      // IDs compare without regard to case, as the service's do.
      inGroup('2', 'Portland truck', 'VIN2', PORTLAND.toUpperCase()),
      inGroup('3', 'South truck', 'VIN3', SOUTH),
    ]),
  );
  const labels = (positions: readonly { label: string }[]) => positions.map((p) => p.label);

  it('keeps the vehicles of the group and its subgroups, and leaves unmatched ones out', () => {
    expect(labels(positionsInGroup(fleet.positions, NORTH, tree))).toEqual([
      'North truck',
      'Portland truck',
    ]);
    expect(labels(positionsInGroup(fleet.positions, SOUTH, tree))).toEqual(['South truck']);
  });

  it('keeps only the group itself while the tree is not known', () => {
    expect(labels(positionsInGroup(fleet.positions, NORTH, null))).toEqual(['North truck']);
  });
});
