import { plural } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { deviceListQueryOptions } from '@/api/devices';
import type { GroupTreeNode } from '@/api/group-tree';
import { userListQueryOptions } from '@/api/users';
import { vehicleListQueryOptions } from '@/api/vehicles';

/**
 * What a group still holds. The service deletes a group that holds users, vehicles or devices and
 * orphans them for good (Groups API, DELETE /groups/{groupIdentifier}), so the console checks
 * first and refuses.
 */
export type GroupHoldingKind = 'subgroups' | 'users' | 'vehicles' | 'devices';

export interface HeldItem {
  id: string;
  name: string;
}

export type GroupHoldingLookup =
  | { kind: GroupHoldingKind; status: 'found'; total: number; sample: HeldItem[] }
  | { kind: GroupHoldingKind; status: 'failed'; error: unknown };

export interface GroupHolding {
  kind: GroupHoldingKind;
  total: number;
  sample: HeldItem[];
}

export interface GroupHoldingsSummary {
  /** Only when every check succeeded and found nothing. */
  canDelete: boolean;
  held: GroupHolding[];
  /** Checks that failed: deletion stays blocked, since nothing proves the group is empty. */
  unchecked: { kind: GroupHoldingKind; error: unknown }[];
}

const KIND_ORDER: readonly GroupHoldingKind[] = ['subgroups', 'users', 'vehicles', 'devices'];
/** How many names to show for each kind. */
const HELD_SAMPLE_SIZE = 5;

export function summarizeGroupHoldings(
  lookups: readonly GroupHoldingLookup[],
): GroupHoldingsSummary {
  const ordered = [...lookups].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
  const held: GroupHolding[] = [];
  const unchecked: GroupHoldingsSummary['unchecked'] = [];
  for (const lookup of ordered) {
    if (lookup.status === 'failed') {
      unchecked.push({ kind: lookup.kind, error: lookup.error });
      continue;
    }
    // A total the service did not give (or gave too small) is at least what was listed.
    const total = Math.max(lookup.total, lookup.sample.length);
    if (total > 0) held.push({ kind: lookup.kind, total, sample: lookup.sample });
  }
  return { canDelete: held.length === 0 && unchecked.length === 0, held, unchecked };
}

export function describeHoldingCount({ kind, total }: { kind: GroupHoldingKind; total: number }) {
  switch (kind) {
    case 'subgroups':
      return plural(total, { one: '# subgroup', other: '# subgroups' });
    case 'users':
      return plural(total, {
        one: '# user with a role in this group',
        other: '# users with a role in this group',
      });
    case 'vehicles':
      return plural(total, { one: '# vehicle', other: '# vehicles' });
    case 'devices':
      return plural(total, { one: '# camera device', other: '# camera devices' });
  }
}

const sampleRequest = { pageIndex: 0, pageSize: HELD_SAMPLE_SIZE };

async function settle(
  kind: GroupHoldingKind,
  load: () => Promise<{ total: number; sample: HeldItem[] }>,
): Promise<GroupHoldingLookup> {
  try {
    return { kind, status: 'found', ...(await load()) };
  } catch (error) {
    return { kind, status: 'failed', error };
  }
}

/** Asks the service afresh (never the cache) what is directly in the group, not in its subgroups. */
export function lookUpGroupHoldings(
  queryClient: QueryClient,
  node: GroupTreeNode,
): Promise<GroupHoldingLookup[]> {
  const groupId = node.group.id;
  const fresh = { staleTime: 0 } as const;
  return Promise.all([
    settle('subgroups', () =>
      Promise.resolve({
        total: node.children.length,
        sample: node.children
          .slice(0, HELD_SAMPLE_SIZE)
          .map((child) => ({ id: child.group.id, name: child.group.name })),
      }),
    ),
    settle('users', async () => {
      const page = await queryClient.fetchQuery({
        ...userListQueryOptions({
          page: sampleRequest,
          groupId: [groupId],
          includeSubGroups: false,
        }),
        ...fresh,
      });
      return {
        total: page.total ?? page.items.length,
        sample: page.items.map((user) => ({
          id: user.userId,
          name:
            [user.firstName, user.lastName].filter(Boolean).join(' ') ||
            user.username ||
            user.userId,
        })),
      };
    }),
    settle('vehicles', async () => {
      const page = await queryClient.fetchQuery({
        ...vehicleListQueryOptions({ page: sampleRequest, groupId, includeSubgroups: false }),
        ...fresh,
      });
      return {
        total: page.total ?? page.items.length,
        sample: page.items.map((vehicle) => ({ id: vehicle.id, name: vehicle.name })),
      };
    }),
    settle('devices', async () => {
      const page = await queryClient.fetchQuery({
        ...deviceListQueryOptions({ page: sampleRequest, groupId, includeSubgroups: false }),
        ...fresh,
      });
      return {
        total: page.total ?? page.items.length,
        sample: page.items.map((device) => ({
          id: device.deviceId,
          name: device.serialNumber ?? device.deviceId,
        })),
      };
    }),
  ]);
}
