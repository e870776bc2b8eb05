import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import type { Group } from '@/api/groups';
import { bulkMoveOutcomes } from './group-bulk-move';

function group(id: string, name: string): Group {
  return {
    id,
    name,
    parentId: 'root',
    rootGroupId: 'root',
    fullPath: name,
    fullPathId: id,
    revision: 1,
    createdDate: '2024-01-01T00:00:00Z',
    updatedDate: '2024-01-01T00:00:00Z',
  };
}

describe('bulkMoveOutcomes', () => {
  it('gives each requested group its outcome and the reason when it did not move', () => {
    const requested = [
      { groupId: 'A', name: 'Day Shift' },
      { groupId: 'b', name: 'Long Haul' },
      { groupId: 'c', name: 'Night Shift' },
      { groupId: 'd', name: 'Yard' },
    ];
    const outcomes = bulkMoveOutcomes(requested, {
      MovedGroups: [group('a', 'Day Shift')],
      UnmovedGroups: [
        {
          Group: group('B', 'Long Haul'),
          ErrorMessage: 'Group already exists with same Name and ParentId.',
        },
      ],
      failedMoves: [
        {
          move: { groupId: 'c', newParentId: 'p' },
          error: new ApiError({
            status: 503,
            code: 'UNAVAILABLE',
            message: 'The service is unavailable.',
          }),
        },
      ],
    });
    expect(outcomes).toEqual([
      { groupId: 'A', name: 'Day Shift', moved: true, reason: null },
      {
        groupId: 'b',
        name: 'Long Haul',
        moved: false,
        reason: 'Group already exists with same Name and ParentId.',
      },
      { groupId: 'c', name: 'Night Shift', moved: false, reason: 'The service is unavailable.' },
      {
        groupId: 'd',
        name: 'Yard',
        moved: false,
        reason: 'The service did not report on this group.',
      },
    ]);
  });
});
