import { describe, expect, it } from 'vitest';
import type { Group } from '@/api/groups';
import type { User } from '@/api/users';
import { MATCH_RANK } from '@/lib/search/prefix-match';
import { matchDevices } from './device-index';
import { matchGeofences } from './geofence-index';
import { groupPathText, matchGroups } from './group-index';
import { matchUsers, mergeUserMatches, userDisplayName } from './user-index';
import { matchVehicles } from './vehicle-index';

const vehicles = [
  {
    id: 'v1',
    name: 'PDX-T101',
    vin: '3AKJHHDR4TU103852',
    licensePlateNumber: '942 ETJ',
    groupId: 'g',
  },
  {
    id: 'v2',
    name: 'BOI-B101',
    vin: '1XPBD49X0JG103883',
    licensePlateNumber: '1A 94213',
    groupId: 'g',
  },
  { id: 'v3', name: 'Yard pickup 942', vin: null, licensePlateNumber: null, groupId: 'g' },
];

describe('matchVehicles', () => {
  it('finds a vehicle by the start of its plate, spaced or not, before word matches', () => {
    expect(matchVehicles({ vehicles }, '942 E').map((match) => match.item.id)).toEqual(['v1']);
    const byDigits = matchVehicles({ vehicles }, '942');
    expect(byDigits.map((match) => [match.item.id, match.field, match.rank])).toEqual([
      ['v1', 'plate', MATCH_RANK.textStart],
      ['v2', 'plate', MATCH_RANK.wordStart],
      ['v3', 'name', MATCH_RANK.wordStart],
    ]);
  });

  it('finds a vehicle by the start of its VIN, in any case', () => {
    const matches = matchVehicles({ vehicles }, '1xpbd');
    expect(matches.map((match) => [match.item.name, match.field])).toEqual([['BOI-B101', 'vin']]);
  });

  it('finds by name and by a word of the name', () => {
    expect(matchVehicles({ vehicles }, 'pdx').map((match) => match.item.id)).toEqual(['v1']);
    expect(matchVehicles({ vehicles }, 'pick').map((match) => match.item.id)).toEqual(['v3']);
    expect(matchVehicles({ vehicles }, 't101')).toHaveLength(1);
  });

  it('searches only the fields asked for: a VIN-or-plate search leaves names out', () => {
    const vinOrPlate = { fields: ['plate', 'vin'] as const };
    expect(matchVehicles({ vehicles }, '942', vinOrPlate).map((match) => match.item.id)).toEqual([
      'v1',
      'v2',
    ]);
    expect(matchVehicles({ vehicles }, 'pdx', vinOrPlate)).toEqual([]);
    expect(matchVehicles({ vehicles }, '1xpbd', vinOrPlate)[0]!.item.id).toBe('v2');
  });

  it('does not match the middle of a VIN or a name', () => {
    expect(matchVehicles({ vehicles }, '103852')).toEqual([]);
    expect(matchVehicles({ vehicles }, 'ickup')).toEqual([]);
  });
});

describe('matchDevices', () => {
  const devices = [
    { deviceId: 'd1', serialNumber: 'SF80008002', deviceModel: 'SF64', vehicleName: null },
    { deviceId: 'd2', serialNumber: 'ER900104', deviceModel: 'ER-SV2', vehicleName: 'PDX-T101' },
    { deviceId: 'd3', serialNumber: null, deviceModel: null, vehicleName: null },
  ];

  it('finds a device by the start of its serial only', () => {
    expect(matchDevices({ devices }, 'sf800').map((match) => match.item.deviceId)).toEqual(['d1']);
    expect(matchDevices({ devices }, 'ER9001-04')[0]!.rank).toBe(MATCH_RANK.exact);
    expect(matchDevices({ devices }, '8002')).toEqual([]);
    expect(matchDevices({ devices }, 'pdx')).toEqual([]);
  });
});

const maria = {
  userId: 'u1',
  firstName: 'Maria',
  lastName: 'Lopez',
  username: 'maria.lopez',
  employeeId: 'CF1001',
  email: 'maria.lopez@cascadefreight.com',
};
const dan = {
  userId: 'u2',
  firstName: 'Dan',
  lastName: 'Okafor',
  username: 'dan.okafor',
  employeeId: 'CF1002',
  email: 'dispatch@cascadefreight.com',
};

describe('matchUsers', () => {
  it('finds users by first name, last name, username, employee ID and email', () => {
    const users = [maria, dan];
    const find = (text: string) =>
      matchUsers({ users }, text).map((match) => [match.item.userId, match.field]);
    expect(find('mar')).toEqual([['u1', 'name']]);
    expect(find('okaf')).toEqual([['u2', 'name']]);
    expect(find('dan.ok')).toEqual([['u2', 'username']]);
    expect(find('cf1002')).toEqual([['u2', 'employeeId']]);
    expect(find('dispatch@')).toEqual([['u2', 'email']]);
    // Equal ranks in name order.
    expect(find('cf100')).toEqual([
      ['u2', 'employeeId'],
      ['u1', 'employeeId'],
    ]);
  });

  it('names a user by name, else username', () => {
    expect(userDisplayName(maria)).toBe('Maria Lopez');
    expect(userDisplayName({ ...maria, firstName: null, lastName: null })).toBe('maria.lopez');
  });
});

describe('mergeUserMatches', () => {
  it('adds users only the service found, once each, held to the prefix rule', () => {
    const indexMatches = matchUsers({ users: [maria] }, 'ma');
    const serviceUsers: User[] = [
      { ...maria, firstName: 'Maria' },
      { userId: 'u9', firstName: 'Marcus', lastName: 'Ramirez', username: 'marcus.ramirez' },
      // The service matches inside names; the palette does not.
      { userId: 'u8', firstName: 'Emma', lastName: 'Stone', username: 'emma.stone' },
    ];
    const merged = mergeUserMatches(indexMatches, serviceUsers, 'ma');
    expect(merged.map((match) => match.item.userId)).toEqual(['u9', 'u1']);
    expect(mergeUserMatches(indexMatches, serviceUsers, 'ma', 1)).toHaveLength(1);
  });
});

function group(id: string, name: string, fullPath: string, rootGroupId = 'root'): Group {
  return {
    id,
    name,
    fullPath,
    rootGroupId,
    parentId: rootGroupId,
    fullPathId: id,
    revision: 1,
    createdDate: '',
    updatedDate: '',
  };
}

describe('matchGroups', () => {
  const groups = [
    group('root', 'Cascade Freight', 'Cascade%20Freight'),
    group('nw', 'Northwest Region', 'Cascade%20Freight\\Northwest%20Region'),
    group('pdx', 'Portland Depot', 'Cascade%20Freight\\Northwest%20Region\\Portland%20Depot'),
    group('north', 'North Yard', 'Cascade%20Freight\\North%20Yard'),
  ];

  it('reads the path below the root', () => {
    expect(groupPathText(groups[2]!)).toBe('Northwest Region › Portland Depot');
    expect(groupPathText(groups[0]!)).toBe('Cascade Freight');
  });

  it('ranks name matches before path matches', () => {
    const matches = matchGroups({ groups }, 'north');
    expect(matches.map((match) => [match.item.id, match.field])).toEqual([
      ['north', 'name'],
      ['nw', 'name'],
      ['pdx', 'path'],
    ]);
    expect(matchGroups({ groups }, 'northwest port').map((match) => match.item.id)).toEqual([
      'pdx',
    ]);
  });
});

describe('matchGeofences', () => {
  it('finds geofences by the start of their name or of a word in it', () => {
    const geofences = [
      { geofenceId: 'f1', name: 'Port of Portland Terminal 6', groupName: null },
      { geofenceId: 'f2', name: 'Boise Yard', groupName: null },
      { geofenceId: 'f3', name: null, groupName: null },
    ];
    expect(matchGeofences({ geofences }, 'term').map((match) => match.item.geofenceId)).toEqual([
      'f1',
    ]);
    expect(matchGeofences({ geofences }, 'BOISE')[0]!.item.geofenceId).toBe('f2');
    expect(matchGeofences({ geofences }, 'yard p')).toEqual([]);
  });
});
