import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildGroupTree } from '@/api/group-tree';
import { createGroup, listGroups } from '@/api/groups';
import { listVehicles } from '@/api/vehicles';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient } from '@/test/test-client';
import {
  describeHoldingCount,
  lookUpGroupHoldings,
  summarizeGroupHoldings,
  type GroupHoldingLookup,
} from './group-holdings';

describe('summarizeGroupHoldings', () => {
  const nothing = (kind: GroupHoldingLookup['kind']): GroupHoldingLookup => ({
    kind,
    status: 'found',
    total: 0,
    sample: [],
  });

  it('allows deleting only a group that holds nothing', () => {
    const summary = summarizeGroupHoldings([
      nothing('vehicles'),
      nothing('users'),
      nothing('devices'),
      nothing('subgroups'),
    ]);
    expect(summary).toEqual({ canDelete: true, held: [], unchecked: [] });
  });

  it('lists what the group still holds, in a fixed order, with counts and names', () => {
    const summary = summarizeGroupHoldings([
      { kind: 'vehicles', status: 'found', total: 12, sample: [{ id: 'v1', name: 'PDX-T101' }] },
      nothing('devices'),
      { kind: 'users', status: 'found', total: 2, sample: [{ id: 'u1', name: 'Ana Ruiz' }] },
      nothing('subgroups'),
    ]);
    expect(summary.canDelete).toBe(false);
    expect(summary.held.map(describeHoldingCount)).toEqual([
      '2 users with a role in this group',
      '12 vehicles',
    ]);
    expect(summary.held[1]!.sample).toEqual([{ id: 'v1', name: 'PDX-T101' }]);
  });

  it('counts at least the names it was given when the total is missing or too small', () => {
    const summary = summarizeGroupHoldings([
      { kind: 'devices', status: 'found', total: 0, sample: [{ id: 'd1', name: 'SF1' }] },
    ]);
    expect(summary.held).toEqual([
      { kind: 'devices', total: 1, sample: [{ id: 'd1', name: 'SF1' }] },
    ]);
  });

  it('blocks deletion when a check failed, since nothing proves the group is empty', () => {
    const failure = new Error('offline');
    const summary = summarizeGroupHoldings([
      nothing('subgroups'),
      nothing('users'),
      { kind: 'vehicles', status: 'failed', error: failure },
      nothing('devices'),
    ]);
    expect(summary).toEqual({
      canDelete: false,
      held: [],
      unchecked: [{ kind: 'vehicles', error: failure }],
    });
  });

  it('words each kind for people', () => {
    expect(describeHoldingCount({ kind: 'subgroups', total: 1 })).toBe('1 subgroup');
    expect(describeHoldingCount({ kind: 'devices', total: 3 })).toBe('3 camera devices');
  });
});

describe('lookUpGroupHoldings (against the demo service)', () => {
  it('finds the vehicles of a team and nothing in a fresh empty group', async () => {
    const token = await signInForTest();
    configureTestApiClient({ getAccessToken: () => token });
    const groups = await listGroups({
      page: { pageIndex: 0, pageSize: 10_000 },
      encodeFullPath: false,
    });
    const tree = buildGroupTree(groups.items);
    const vehicles = await listVehicles({ page: { pageIndex: 0, pageSize: 1000 } });
    const withVehicles = tree.byKey.get(vehicles.items[0]!.groupId.toLowerCase())!;

    const queryClient = new QueryClient();
    const held = summarizeGroupHoldings(await lookUpGroupHoldings(queryClient, withVehicles));
    expect(held.canDelete).toBe(false);
    const vehicleHolding = held.held.find((holding) => holding.kind === 'vehicles')!;
    expect(vehicleHolding.total).toBe(
      vehicles.items.filter((vehicle) => vehicle.groupId === withVehicles.group.id).length,
    );
    expect(vehicleHolding.sample.length).toBeGreaterThan(0);

    const empty = await createGroup({ name: 'Empty Team', parentId: withVehicles.group.id });
    const withEmpty = buildGroupTree([...groups.items, empty]);
    const emptyHeld = summarizeGroupHoldings(
      await lookUpGroupHoldings(queryClient, withEmpty.byKey.get(empty.id.toLowerCase())!),
    );
    expect(emptyHeld).toEqual({ canDelete: true, held: [], unchecked: [] });
  });
});
