import type { Group } from '@/api/groups';

/** A group record as the service sends one, for tests that build a tree from a few of them. */
export function testGroup(id: string, name: string, parentId: string, rootGroupId: string): Group {
  return {
    id,
    name,
    parentId,
    rootGroupId,
    fullPath: name,
    fullPathId: id,
    revision: 0,
    createdDate: '2024-01-01T00:00:00Z',
    updatedDate: '2024-01-01T00:00:00Z',
  };
}
