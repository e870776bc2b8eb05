// @vitest-environment jsdom
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import { ApiError } from './api-error';
import {
  bulkImportGroups,
  bulkMoveGroups,
  createGroup,
  deleteGroup,
  getGroup,
  listGroupAuditLogs,
  listGroupDescendants,
  listGroups,
  updateGroup,
  type Group,
} from './groups';

const groupsUrl = `${TEST_SERVICE_BASE_URL}/v1/groups`;
const rootId = '11111111-1111-1111-1111-111111111111';

function group(id: string, name: string, parentId = rootId): Group {
  return {
    id,
    name,
    parentId,
    rootGroupId: rootId,
    fullPath: `***Root\\${encodeURIComponent(name)}`,
    fullPathId: `${rootId}\\${id}`,
    revision: 1,
    createdDate: '2024-09-30T08:00:00Z',
    updatedDate: '2024-10-01T08:00:00Z',
  };
}

const north = group('22222222-2222-2222-2222-222222222222', 'North Depot');
const south = group('33333333-3333-3333-3333-333333333333', 'South Depot');

beforeEach(() => configureTestApiClient());

describe('listGroups', () => {
  it("reads the vendor's empty date as not set and a date without a zone as UTC", async () => {
    serveForTest('get', groupsUrl, () =>
      HttpResponse.json({
        groups: [
          { ...north, createdDate: '0001-01-01T00:00:00', updatedDate: '2024-09-06T22:26:09.84' },
        ],
        metadata: { count: 1 },
      }),
    );
    const page = await listGroups({ page: { pageIndex: 0, pageSize: 10 } });
    expect(page.items[0]).toMatchObject({
      createdDate: null,
      updatedDate: '2024-09-06T22:26:09.84Z',
    });
  });

  it('reads the `groups` key and the total from metadata.count', async () => {
    const requests = serveForTest('get', groupsUrl, () =>
      HttpResponse.json({
        groups: [north, { ...south, extra: true }],
        metadata: { count: 9, limit: 2, offset: 0 },
      }),
    );
    const page = await listGroups({ page: { pageIndex: 0, pageSize: 2 }, includeSubgroups: true });
    expect(page.items).toEqual([north, south]);
    expect(page.total).toBe(9);
    const query = searchParamsOf(requests);
    expect(query.get('includeSubgroups')).toBe('true');
    expect(query.get('limit')).toBe('2');
    expect(query.get('offset')).toBe('0');
  });

  it('accepts a group without a description', async () => {
    serveForTest('get', `${groupsUrl}/:groupId`, () => HttpResponse.json(north));
    await expect(getGroup(north.id)).resolves.toEqual(north);
  });
});

describe('group writes', () => {
  it('creates (201) and updates with the bare Group body', async () => {
    const created = serveForTest('post', groupsUrl, () =>
      HttpResponse.json(north, { status: 201 }),
    );
    await expect(createGroup({ name: 'North Depot', parentId: rootId })).resolves.toEqual(north);
    expect(await created[0]!.json()).toEqual({ name: 'North Depot', parentId: rootId });

    serveForTest('put', `${groupsUrl}/:groupId`, () =>
      HttpResponse.json({ ...north, revision: 2 }),
    );
    await expect(updateGroup(north.id, { description: 'Hub' })).resolves.toMatchObject({
      revision: 2,
    });
  });

  it('deletes with a 204 and no body', async () => {
    const requests = serveForTest(
      'delete',
      `${groupsUrl}/:groupId`,
      () => new HttpResponse(null, { status: 204 }),
    );
    await expect(deleteGroup(north.id)).resolves.toBeUndefined();
    expect(requests[0]!.method).toBe('DELETE');
  });
});

describe('descendants and audit logs', () => {
  it('sends depth and reads a bare array of IDs', async () => {
    const requests = serveForTest('get', `${groupsUrl}/:groupId/descendants`, () =>
      HttpResponse.json([north.id, south.id]),
    );
    await expect(listGroupDescendants(rootId, 0)).resolves.toEqual([north.id, south.id]);
    expect(searchParamsOf(requests).get('depth')).toBe('0');
  });

  it('reads the actor username whichever spelling the service uses', async () => {
    const requests = serveForTest('get', `${groupsUrl}/auditLogs`, () =>
      HttpResponse.json({
        data: [
          { id: north.id, action: 'CREATE', userName: 'maria.lopez', deletedDate: false },
          {
            id: south.id,
            action: 'DELETE',
            username: 'dan.okafor',
            deletedDate: '2024-10-02T00:00:00Z',
          },
        ],
        metadata: { count: 2, limit: 100, offset: 0 },
      }),
    );
    const page = await listGroupAuditLogs({
      page: { pageIndex: 0, pageSize: 100 },
      action: 'CREATE',
      includeSubgroups: false,
    });
    expect(page.items.map((log) => log.username)).toEqual(['maria.lopez', 'dan.okafor']);
    expect(page.items[0]).not.toHaveProperty('userName');
    expect(page.items[0]!.deletedDate).toBeNull();
    expect(page.items[1]!.deletedDate).toBe('2024-10-02T00:00:00Z');
    const query = searchParamsOf(requests);
    expect(query.get('action')).toBe('CREATE');
    expect(query.get('includeSubgroups')).toBe('false');
  });
});

describe('bulkImportGroups', () => {
  it('sends the raw CSV as octet-stream and defaults missing result lists', async () => {
    const requests = serveForTest('post', `${groupsUrl}/bulkImport`, () =>
      HttpResponse.json({ importedGroups: ['Root\\Group1'], existingGroups: null }),
    );
    const csv = 'Group Name,Description\nGroup1,First\n';
    const result = await bulkImportGroups(new Blob([csv], { type: 'text/csv' }));
    expect(result).toEqual({
      importedGroups: ['Root\\Group1'],
      existingGroups: [],
      groupsFailedToImport: [],
      invalidGroupNames: [],
    });
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(await requests[0]!.text()).toBe(csv);
  });
});

describe('bulkMoveGroups', () => {
  it('sends one move as the single object the contract publishes', async () => {
    const requests = serveForTest('post', `${groupsUrl}/bulkMove`, () =>
      HttpResponse.json({ MovedGroups: [{ ...north, parentId: south.id }], UnmovedGroups: [] }),
    );
    const result = await bulkMoveGroups([{ groupId: north.id, newParentId: south.id }]);
    expect(await requests[0]!.json()).toEqual({
      op: 'replace',
      path: `${north.id}/parentId`,
      value: `${south.id}/Id`,
    });
    expect(result.MovedGroups[0]!.parentId).toBe(south.id);
    expect(result.failedMoves).toEqual([]);
  });

  it('sends several moves one request at a time, in order, and merges the results', async () => {
    let call = 0;
    const requests = serveForTest('post', `${groupsUrl}/bulkMove`, () => {
      call += 1;
      if (call === 1) return HttpResponse.json({ MovedGroups: [north], UnmovedGroups: [] });
      if (call === 2) {
        return HttpResponse.json({
          MovedGroups: [],
          UnmovedGroups: [{ Group: south, ErrorMessage: 'The ParentId cannot be a descendant.' }],
        });
      }
      return HttpResponse.json(
        { error: 'Bad Request', message: 'No groups provided.' },
        { status: 400 },
      );
    });
    const moves = [
      { groupId: north.id, newParentId: rootId },
      { groupId: south.id, newParentId: north.id },
      { groupId: rootId, newParentId: south.id },
    ];
    const result = await bulkMoveGroups(moves);
    expect(requests).toHaveLength(3);
    const bodies = await Promise.all(requests.map((request) => request.json()));
    expect(bodies.map((body: { path: string }) => body.path)).toEqual(
      moves.map((move) => `${move.groupId}/parentId`),
    );
    expect(result.MovedGroups).toEqual([north]);
    expect(result.UnmovedGroups).toEqual([
      { Group: south, ErrorMessage: 'The ParentId cannot be a descendant.' },
    ]);
    expect(result.failedMoves).toHaveLength(1);
    expect(result.failedMoves[0]!.move).toEqual(moves[2]);
    expect(result.failedMoves[0]!.error).toBeInstanceOf(ApiError);
  });

  it('sends a move again after the service answered 429, once its Retry-After has passed', async () => {
    let call = 0;
    const requests = serveForTest('post', `${groupsUrl}/bulkMove`, () => {
      call += 1;
      if (call === 2) {
        return HttpResponse.json(
          { error: 'Too Many Requests' },
          { status: 429, headers: { 'Retry-After': '0' } },
        );
      }
      return HttpResponse.json({ MovedGroups: [call === 1 ? north : south], UnmovedGroups: [] });
    });
    const result = await bulkMoveGroups([
      { groupId: north.id, newParentId: rootId },
      { groupId: south.id, newParentId: north.id },
    ]);
    expect(requests).toHaveLength(3);
    expect(result.MovedGroups).toEqual([north, south]);
    expect(result.failedMoves).toEqual([]);
  });
});
