import type { MockDb } from '../db';
import { indexGroups } from '../group-tree';
import { allDepots, type Depot } from './company';

/** The depot a group belongs to (itself or its nearest depot ancestor), cached per group. */
export function createDepotLookup(db: MockDb): (groupId: string) => Depot | undefined {
  const groups = indexGroups(db.groups);
  const depotByName = new Map(allDepots.map((depot) => [depot.groupName, depot]));
  const cache = new Map<string, Depot | undefined>();
  return (groupId) => {
    if (cache.has(groupId)) return cache.get(groupId);
    const group = groups.byId(groupId);
    let depot: Depot | undefined;
    for (const member of group ? groups.ancestry(group) : [])
      depot = depotByName.get(member.name) ?? depot;
    cache.set(groupId, depot);
    return depot;
  };
}
