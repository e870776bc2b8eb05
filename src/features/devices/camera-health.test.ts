import { describe, expect, it } from 'vitest';
import type { Device } from '@/api/devices';
import type { Vehicle } from '@/api/vehicles';
import {
  cameraHealthOf,
  camerasOnFirmware,
  compareFirmwareVersions,
  daysSinceConnected,
} from './camera-health';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

function device(id: string, fields: Partial<Device> = {}): Device {
  return {
    deviceId: id,
    serialNumber: `SN-${id}`,
    deviceModel: 'ER-SF400',
    firmwareVersion: '6.37',
    groupId: 'g1',
    groupPath: '***Root/Depot',
    vehicleId: `v-${id}`,
    lastConnected: daysAgo(0),
    ...fields,
  };
}

function vehicle(id: string, fields: Partial<Vehicle> = {}): Vehicle {
  return { id, name: `Truck ${id}`, type: 1, status: 2, seatbeltType: 1, groupId: 'g1', ...fields };
}

describe('compareFirmwareVersions', () => {
  it('compares each dot segment as a number', () => {
    expect(compareFirmwareVersions('5.9', '5.10')).toBeLessThan(0);
    expect(compareFirmwareVersions('6.37', '6.12')).toBeGreaterThan(0);
    expect(compareFirmwareVersions('7.1', '7.1.0')).toBe(0);
    expect(compareFirmwareVersions('7.1.1', '7.1')).toBeGreaterThan(0);
  });

  it('puts missing versions first and text segments after numbers', () => {
    expect(compareFirmwareVersions(null, '1.0')).toBeLessThan(0);
    expect(compareFirmwareVersions('1.0', undefined)).toBeGreaterThan(0);
    expect(compareFirmwareVersions('1.beta', '1.2')).toBeGreaterThan(0);
    expect(compareFirmwareVersions('1.alpha', '1.beta')).toBeLessThan(0);
  });
});

describe('daysSinceConnected', () => {
  it('counts whole days, and never (or an unreadable date) as null', () => {
    expect(daysSinceConnected(daysAgo(7.5), NOW)).toBe(7);
    expect(daysSinceConnected(null, NOW)).toBeNull();
    expect(daysSinceConnected('not a date', NOW)).toBeNull();
  });
});

describe('cameraHealthOf', () => {
  it('lists cameras silent for the chosen days or never connected, longest first', () => {
    const health = cameraHealthOf(
      [
        device('a', { lastConnected: daysAgo(3) }),
        device('b', { lastConnected: daysAgo(7) }),
        device('c', { lastConnected: null }),
        device('d', { lastConnected: daysAgo(40) }),
      ],
      [],
      { silentDays: 7, nowMs: NOW },
    );
    expect(health.silentCameras.map((row) => [row.device.deviceId, row.silentDays])).toEqual([
      ['c', null],
      ['d', 40],
      ['b', 7],
    ]);
    expect(
      cameraHealthOf([device('a', { lastConnected: daysAgo(3) })], [], {
        silentDays: 2,
        nowMs: NOW,
      }).silentCameras,
    ).toHaveLength(1);
  });

  it('finds cameras in no vehicle and vehicles with no camera', () => {
    const health = cameraHealthOf(
      [device('a', { vehicleId: 'v1' }), device('b', { vehicleId: null })],
      [
        vehicle('v1'),
        // Named by its own record: has a camera even when that camera was not read.
        vehicle('v2', { deviceId: 'elsewhere' }),
        vehicle('v3', { deviceId: null }),
      ],
      { silentDays: 7, nowMs: NOW },
    );
    expect(health.camerasInNoVehicle.map((camera) => camera.deviceId)).toEqual(['b']);
    expect(health.vehiclesWithNoCamera.map((each) => each.id)).toEqual(['v3']);
  });

  it('counts firmware versions per model, newest first, marking all but the newest as older', () => {
    const health = cameraHealthOf(
      [
        device('a', { deviceModel: 'ER-SF300', firmwareVersion: '5.9' }),
        device('b', { deviceModel: 'ER-SF300', firmwareVersion: '5.10' }),
        device('c', { deviceModel: 'ER-SF300', firmwareVersion: '5.9' }),
        // Another model's newest is older by number, and still its newest.
        device('d', { deviceModel: 'ER-SF64', firmwareVersion: '5.1' }),
      ],
      [],
      { silentDays: 7, nowMs: NOW },
    );
    expect(health.firmwareVersions).toEqual([
      { model: 'ER-SF300', version: '5.10', cameras: 1, older: false },
      { model: 'ER-SF300', version: '5.9', cameras: 2, older: true },
      { model: 'ER-SF64', version: '5.1', cameras: 1, older: false },
    ]);
    expect(health.camerasOnOlderFirmware.map((camera) => camera.deviceId)).toEqual(['a', 'c']);
    expect(
      camerasOnFirmware([device('a', { firmwareVersion: '6.12' }), device('b')], {
        model: 'ER-SF400',
        version: '6.37',
      }).map((camera) => camera.deviceId),
    ).toEqual(['b']);
  });

  it('sums what needs attention by group, the groups with most first, and leaves out the rest', () => {
    const health = cameraHealthOf(
      [
        device('a', { groupId: 'G1', lastConnected: null }),
        device('b', { groupId: 'g2', groupPath: '***Root/Yard', vehicleId: null }),
        device('c', { groupId: 'g2', lastConnected: daysAgo(9), firmwareVersion: '6.12' }),
        device('d', { groupId: 'g3' }),
      ],
      [vehicle('v9', { groupId: 'g1' })],
      { silentDays: 7, nowMs: NOW },
    );
    expect(health.groups).toEqual([
      {
        groupId: 'g2',
        groupPath: '***Root/Yard',
        silentCameras: 1,
        camerasInNoVehicle: 1,
        vehiclesWithNoCamera: 0,
        camerasOnOlderFirmware: 1,
      },
      {
        // The device named the group in capitals: the vehicle's lower-case ID is the same group.
        groupId: 'G1',
        groupPath: '***Root/Depot',
        silentCameras: 1,
        camerasInNoVehicle: 0,
        vehiclesWithNoCamera: 1,
        camerasOnOlderFirmware: 0,
      },
    ]);
  });
});
