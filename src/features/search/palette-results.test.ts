import { describe, expect, it } from 'vitest';
import type { Group } from '@/api/groups';
import { paletteCommands } from './palette-commands';
import { buildPaletteSections, RESULTS_PER_KIND, type PaletteSearchData } from './palette-results';

const commands = paletteCommands({ colorScheme: 'light' });

const portland: Group = {
  id: 'g-pdx',
  name: 'Portland Depot',
  parentId: 'g-nw',
  rootGroupId: 'g-root',
  fullPath: 'Cascade%20Freight\\Northwest%20Region\\Portland%20Depot',
  fullPathId: 'g-root\\g-nw\\g-pdx',
  revision: 1,
  createdDate: '',
  updatedDate: '',
};

const data: PaletteSearchData = {
  commands,
  users: {
    complete: true,
    users: [
      {
        userId: 'u1',
        firstName: 'Maria',
        lastName: 'Lopez',
        username: 'maria.lopez',
        employeeId: 'CF1001',
        email: 'maria.lopez@cascadefreight.com',
      },
    ],
  },
  vehicles: {
    complete: true,
    vehicles: [
      {
        id: 'v1',
        name: 'PDX-T101',
        vin: '3AKJHHDR4TU103852',
        licensePlateNumber: '942 ETJ',
        groupId: 'g-pdx',
      },
    ],
  },
  devices: {
    complete: true,
    devices: [
      { deviceId: 'd1', serialNumber: 'SF80008002', deviceModel: 'SF64', vehicleName: 'PDX-T101' },
    ],
  },
  groups: { complete: true, groups: [portland] },
  geofences: {
    complete: true,
    geofences: [{ geofenceId: 'f1', name: 'Port of Portland T6', groupName: 'Portland Depot' }],
  },
};

const labelsOf = (text: string, searchData = data) =>
  buildPaletteSections(text, searchData).map((section) => [
    section.label,
    section.items.map((item) => item.label),
  ]);

describe('buildPaletteSections', () => {
  it('lists every action and page before anything is typed', () => {
    const sections = buildPaletteSections('', data);
    expect(sections.map((section) => section.label)).toEqual(['Actions', 'Pages']);
    expect(sections.flatMap((section) => section.items)).toHaveLength(commands.length);
  });

  it('puts the action named by the search first, so Enter runs it', () => {
    const [first] = buildPaletteSections('new user', data);
    expect(first!.items[0]).toMatchObject({
      label: 'New user',
      target: { type: 'navigate', to: { to: '/users/new' } },
    });
    expect(labelsOf('add vehicle')[0]).toEqual(['Actions', ['New vehicle']]);
    expect(labelsOf('upload')[0]).toEqual(['Actions', ['Upload dispatch schedule']]);
  });

  it('opens a vehicle found by its plate, and says why it matched', () => {
    const [first] = buildPaletteSections('942 e', data);
    expect(first!.label).toBe('Vehicles');
    expect(first!.items[0]).toEqual({
      key: 'vehicle:v1',
      label: 'PDX-T101',
      description: 'Plate 942 ETJ · VIN 3AKJHHDR4TU103852',
      target: { type: 'navigate', to: { to: '/vehicles/$vehicleId', params: { vehicleId: 'v1' } } },
    });
  });

  it('links each kind of record to its page', () => {
    const targets = (text: string) =>
      buildPaletteSections(text, data).flatMap((section) =>
        section.items.map((item) => item.target),
      );
    expect(targets('lopez')).toContainEqual({
      type: 'navigate',
      to: { to: '/users/$userId', params: { userId: 'u1' } },
    });
    expect(targets('sf800')).toEqual([
      { type: 'navigate', to: { to: '/devices/$deviceId', params: { deviceId: 'd1' } } },
    ]);
    expect(targets('portland')).toEqual([
      { type: 'navigate', to: { to: '/groups', search: { groupId: 'g-pdx' } } },
      { type: 'navigate', to: { to: '/geofences', search: { selected: 'f1' } } },
    ]);
  });

  it('groups results by kind, the best-matching kind first', () => {
    expect(labelsOf('port')).toEqual([
      ['Groups', ['Portland Depot']],
      ['Geofences', ['Port of Portland T6']],
    ]);
    expect(labelsOf('vehicles')[0]).toEqual(['Pages', ['Vehicles']]);
  });

  it('finds a user by email, and shows the email then', () => {
    const [users] = buildPaletteSections('maria.lopez@', data);
    expect(users!.items[0]).toMatchObject({
      label: 'Maria Lopez',
      description: 'maria.lopez@cascadefreight.com',
    });
  });

  it('adds users only the service search found', () => {
    const sections = buildPaletteSections('sam', {
      ...data,
      serviceUsers: [{ userId: 'u7', firstName: 'Samuel', lastName: 'Young', username: 'sy' }],
    });
    expect(sections[0]!.items.map((item) => item.label)).toEqual(['Samuel Young']);
  });

  it('leaves out a kind that is not available, e.g. groups for a role without Group Manager', () => {
    expect(labelsOf('portland', { ...data, groups: undefined })).toEqual([
      ['Geofences', ['Port of Portland T6']],
    ]);
  });

  it('shows a few results per kind', () => {
    const vehicles = Array.from({ length: 20 }, (_, index) => ({
      id: `v${index}`,
      name: `BOI-B${100 + index}`,
      vin: null,
      licensePlateNumber: null,
      groupId: 'g',
    }));
    const [section] = buildPaletteSections('boi', {
      commands,
      vehicles: { vehicles, complete: true },
    });
    expect(section!.items).toHaveLength(RESULTS_PER_KIND);
    expect(section!.items[0]!.label).toBe('BOI-B100');
  });

  it('finds nothing for text nothing starts with', () => {
    expect(buildPaletteSections('zzqx', data)).toEqual([]);
  });
});
