import { describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE_ID, type MockDb } from '../db';
import { allDepots } from './company';
import { seedDb } from './index';

const seededAt = new Date(Date.UTC(2026, 4, 14, 9, 30));
const anchorMs = Date.UTC(2026, 4, 14);
const db: MockDb = seedDb(1, seededAt);

const fleetOf = (seeded: MockDb) => ({
  vehicles: seeded.vehicles,
  devices: seeded.devices,
  vehicleAssignments: seeded.vehicleAssignments,
  ecmReadings: seeded.ecmReadings,
});

/** The VIN check digit (position 9) of North American VINs. */
function vinCheckDigitHolds(vin: string): boolean {
  const values: Record<string, number> = Object.fromEntries(
    [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((letter, index) => [
      letter,
      [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][index]!,
    ]),
  );
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce(
    (total, char, index) =>
      total + (/\d/.test(char) ? Number(char) : values[char]!) * weights[index]!,
    0,
  );
  const expected = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin[8] === expected;
}

describe('seedFleet', () => {
  it('is deterministic for a given day', () => {
    expect(fleetOf(seedDb(1, new Date(Date.UTC(2026, 4, 14, 22))))).toEqual(fleetOf(db));
  });

  it('creates about 200 vehicles and devices spread over the depot teams', () => {
    expect(db.vehicles).toHaveLength(200);
    expect(db.devices.length).toBeGreaterThan(190);
    expect(db.devices.length).toBeLessThan(230);
    const groupNames = new Set(
      db.vehicles.map((vehicle) => db.groups.find((group) => group.id === vehicle.groupId)!.name),
    );
    expect(groupNames).toEqual(
      new Set([
        'Long Haul',
        'Local Delivery',
        'Refrigerated',
        ...allDepots.map((d) => d.groupName),
      ]),
    );
  });

  it('gives every vehicle a valid, unique VIN and a name unique within its group', () => {
    const vins = db.vehicles.map((vehicle) => vehicle.vin!);
    expect(new Set(vins).size).toBe(vins.length);
    for (const vin of vins) {
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vinCheckDigitHolds(vin)).toBe(true);
    }
    const names = db.vehicles.map((vehicle) => `${vehicle.groupId}/${vehicle.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it("registers each vehicle in its depot's state", () => {
    const groups = new Map(db.groups.map((group) => [group.id, group]));
    for (const vehicle of db.vehicles) {
      const group = groups.get(vehicle.groupId)!;
      const depotGroup = group.name.endsWith(' Depot') ? group : groups.get(group.parentId)!;
      const depot = allDepots.find((candidate) => candidate.groupName === depotGroup.name)!;
      const code = db.countrySubdivisions.find((s) => s.id === vehicle.countrySubdivisionId)!.code;
      expect(code).toBe(depot.subdivisionCode);
    }
  });

  it('links devices and vehicles both ways, with a few vehicles and spares left over', () => {
    const devices = new Map(db.devices.map((device) => [device.deviceId, device]));
    for (const vehicle of db.vehicles.filter((candidate) => candidate.deviceId)) {
      expect(devices.get(vehicle.deviceId!)!.vehicleId).toBe(vehicle.id);
    }
    for (const device of db.devices.filter((candidate) => candidate.vehicleId)) {
      const vehicle = db.vehicles.find((candidate) => candidate.id === device.vehicleId)!;
      expect(vehicle.deviceId).toBe(device.deviceId);
      expect(device.groupId).toBe(vehicle.groupId);
      expect(device.status).toBe('In Service');
    }
    expect(db.vehicles.filter((vehicle) => !vehicle.deviceId).length).toBeGreaterThan(3);
    expect(db.devices.filter((device) => !device.vehicleId).length).toBeGreaterThan(5);
    expect(new Set(db.devices.map((device) => device.serialNumber)).size).toBe(db.devices.length);
    expect(new Set(db.devices.map((device) => device.imei)).size).toBe(db.devices.length);
    expect(db.devices.every((device) => /^\d{15}$/.test(device.imei))).toBe(true);
  });

  it('writes 30 days of assignment changes that replay into the current state', () => {
    const changes = db.vehicleAssignments;
    expect(changes.length).toBeGreaterThan(10);
    const kinds = new Set(
      changes.map((change) =>
        change.previousVehicleId === SAMPLE_VEHICLE_ID
          ? 'addition'
          : change.vehicleId === SAMPLE_VEHICLE_ID
            ? 'removal'
            : 'move',
      ),
    );
    expect(kinds).toEqual(new Set(['addition', 'removal', 'move']));
    const lastChangeOfDevice = new Map<string, string>();
    for (const change of changes) {
      const at = Date.parse(change.updatedDate);
      expect(at).toBeLessThan(anchorMs);
      expect(at).toBeGreaterThan(anchorMs - 31 * 86_400_000);
      lastChangeOfDevice.set(change.deviceId, change.vehicleId);
    }
    for (const [deviceId, vehicleId] of lastChangeOfDevice) {
      const device = db.devices.find((candidate) => candidate.deviceId === deviceId)!;
      expect(device.vehicleId ?? SAMPLE_VEHICLE_ID).toBe(vehicleId);
    }
    expect(changes.some((change) => Date.parse(change.updatedDate) > anchorMs - 3_600_000)).toBe(
      true,
    );
  });

  it('keeps ECM data in line with the vehicles, including a few without odometer', () => {
    const legacyIds = new Set(db.vehicles.map((vehicle) => vehicle.legacyVehicleId));
    expect(legacyIds.size).toBe(db.vehicles.length);
    expect(db.ecmReadings.every((reading) => legacyIds.has(reading.legacyVehicleId))).toBe(true);
    for (const vehicle of db.vehicles.filter((candidate) => candidate.deviceId)) {
      const readings = db.ecmReadings.filter((r) => r.legacyVehicleId === vehicle.legacyVehicleId);
      expect(readings.at(-1)!.gpsDateTime).toBe(vehicle.lastConnected);
    }
    const withoutOdometer = db.ecmReadings.filter((reading) => reading.odometerKm === null);
    expect(withoutOdometer.length).toBeGreaterThan(0);
    // Every position is in the company's territory (Pacific Northwest, Great Basin, California).
    for (const reading of db.ecmReadings) {
      expect(reading.latitude).toBeGreaterThan(35);
      expect(reading.latitude).toBeLessThan(49);
      expect(reading.longitude).toBeGreaterThan(-124);
      expect(reading.longitude).toBeLessThan(-111);
    }
  });
});
