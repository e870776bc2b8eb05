// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';

interface GroupBody {
  id: string;
  name: string;
  description: string;
  parentId: string;
  rootGroupId: string;
  fullPath: string;
  fullPathId: string;
  revision: number;
  createdDate: string;
  updatedDate: string;
}
interface AuditBody extends GroupBody {
  action: string;
  isDeleted: boolean;
  deletedDate: string | null;
  userId: string;
  username: string;
  userName: string;
}
interface ErrorBody {
  error: string;
  message: string;
}

let token: string;
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${TEST_API_BASE}/v1${path}`, {
    ...init,
    headers: { ...authHeaders(token), ...init.headers },
  });
const send = (method: string, path: string, body: unknown) =>
  call(path, {
    method,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
const json = async <T>(response: Response | Promise<Response>) =>
  (await (await response).json()) as T;

const group = (name: string, parentName?: string) => {
  const { groups } = getDb();
  const parent = parentName ? groups.find((candidate) => candidate.name === parentName) : undefined;
  return groups.find(
    (candidate) => candidate.name === name && (!parent || candidate.parentId === parent.id),
  )!;
};
const root = () => getDb().groups.find((candidate) => candidate.mandatory)!;
const auditRows = async (query = '') =>
  json<{ data: AuditBody[]; metadata: { count: number } }>(call(`/groups/auditLogs${query}`));

beforeEach(async () => {
  token = await signInForTest();
});

describe('groups: authentication and the Group Manager role', () => {
  const routes = (id: string): [string, string][] => [
    ['GET', '/groups'],
    ['POST', '/groups'],
    ['GET', `/groups/${id}`],
    ['PUT', `/groups/${id}`],
    ['DELETE', `/groups/${id}`],
    ['GET', `/groups/${id}/descendants`],
    ['GET', '/groups/auditLogs'],
    ['POST', '/groups/bulkImport'],
    ['POST', '/groups/bulkMove'],
  ];

  it('answers 401 with an empty text/plain body without a token', async () => {
    const response = await fetch(`${TEST_API_BASE}/v1/groups`);
    expect(response.status).toBe(401);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
    expect(await response.text()).toBe('');
  });

  it('answers 403 with an empty body on every route for a user without Group Manager', async () => {
    token = await signInForTest('dan.okafor');
    for (const [method, path] of routes(group('Portland Depot').id)) {
      const response = await call(path, {
        method,
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.text()).toBe('');
    }
  });
});

describe('GET /groups', () => {
  it('returns {groups, metadata} with URL-encoded full paths by default', async () => {
    const body = await json<{
      groups: GroupBody[];
      metadata: { count: number; limit: number; offset: number };
    }>(call('/groups'));
    expect(body.metadata).toEqual({
      count: getDb().groups.length,
      limit: getDb().groups.length,
      offset: 0,
    });
    const portland = body.groups.find((candidate) => candidate.name === 'Portland Depot')!;
    const region = group('Northwest Region');
    expect(portland.fullPath).toBe(
      'Cascade%20Freight%20Root\\Northwest%20Region\\Portland%20Depot',
    );
    expect(portland.fullPathId).toBe(`${root().id}\\${region.id}\\${portland.id}`);
    expect(portland).toMatchObject({ parentId: region.id, rootGroupId: root().id });
    const rootBody = body.groups.find((candidate) => candidate.id === root().id)!;
    expect(rootBody.parentId).toBe(rootBody.id);
  });

  it('gives raw names with encodeFullPath=false, pages with count = total, and sorts', async () => {
    const raw = await json<{ groups: GroupBody[] }>(call('/groups?encodeFullPath=false'));
    expect(raw.groups.map((candidate) => candidate.fullPath)).toContain(
      'Cascade Freight Root\\Northwest Region\\Portland Depot',
    );
    const page = await json<{
      groups: GroupBody[];
      metadata: { count: number; limit: number; offset: number };
    }>(call('/groups?limit=10&offset=20'));
    expect(page.groups).toHaveLength(10);
    expect(page.metadata).toEqual({ count: getDb().groups.length, limit: 10, offset: 20 });
    const byName = await json<{ groups: GroupBody[] }>(call('/groups?sort=Name&order=desc'));
    const names = byName.groups.map((candidate) => candidate.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  });

  it('filters by groupIds, with or without subgroups', async () => {
    const portland = group('Portland Depot');
    const only = await json<{ groups: GroupBody[] }>(call(`/groups?groupIds=${portland.id}`));
    expect(only.groups.map((candidate) => candidate.id)).toEqual([portland.id]);
    const subtree = await json<{ groups: GroupBody[] }>(
      call(`/groups?groupIds=${portland.id}&includeSubgroups=true`),
    );
    // The depot, its three teams and the two shifts of Local Delivery.
    expect(subtree.groups).toHaveLength(6);
    expect((await call('/groups?groupIds=nope')).status).toBe(400);
    expect((await call('/groups?sort=Colour')).status).toBe(400);
  });
});

describe('GET /groups/{id} and descendants', () => {
  it('returns one group, 404 for an unknown one and 400 for a non-GUID', async () => {
    const portland = group('Portland Depot');
    expect((await json<GroupBody>(call(`/groups/${portland.id.toUpperCase()}`))).name).toBe(
      'Portland Depot',
    );
    const missing = await call(`/groups/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).message).toBe(
      "The requested resource doesn't exist.",
    );
    expect((await call('/groups/portland')).status).toBe(400);
  });

  it('lists descendants to the requested depth, without the group itself', async () => {
    const portland = group('Portland Depot');
    const children = await json<string[]>(call(`/groups/${portland.id}/descendants`));
    expect(children).toHaveLength(3);
    expect(await json<string[]>(call(`/groups/${portland.id}/descendants?depth=1`))).toEqual(
      children,
    );
    expect(await json<string[]>(call(`/groups/${portland.id}/descendants?depth=2`))).toHaveLength(
      5,
    );
    const everything = await json<string[]>(call(`/groups/${root().id}/descendants?depth=0`));
    expect(everything).toHaveLength(getDb().groups.length - 1);
    expect(everything).not.toContain(root().id);
    expect(await json<string[]>(call(`/groups/${root().id}/descendants?depth=99`))).toHaveLength(
      everything.length,
    );
    expect((await call(`/groups/${crypto.randomUUID()}/descendants`)).status).toBe(404);
  });
});

describe('POST /groups', () => {
  it('creates a group (201) and logs a CREATE row for the actor', async () => {
    const parent = group('Portland Depot');
    const response = await send('POST', '/groups', {
      name: 'Airport Shuttle',
      parentId: parent.id,
      description: 'PDX runs',
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as GroupBody;
    expect(created).toMatchObject({
      name: 'Airport Shuttle',
      parentId: parent.id,
      revision: 0,
      description: 'PDX runs',
    });
    expect(created.fullPathId.endsWith(`${parent.id}\\${created.id}`)).toBe(true);

    const audit = await auditRows(`?groupIdentifier=${created.id}`);
    expect(audit.data).toHaveLength(1);
    expect(audit.data[0]).toMatchObject({
      action: 'CREATE',
      username: 'maria.lopez',
      userName: 'maria.lopez',
      isDeleted: false,
    });
  });

  it('refuses a duplicate name under the same parent with 409, in any case', async () => {
    const response = await send('POST', '/groups', {
      name: 'long haul',
      parentId: group('Portland Depot').id,
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).message).toBe(
      'Group already exists with same Name and ParentId.',
    );
  });

  it('validates the name, description and parent', async () => {
    const parentId = group('Portland Depot').id;
    const cases: [unknown, string][] = [
      [{ name: '', parentId }, 'The name must be 1-50 printable characters.'],
      [{ name: 'x'.repeat(51), parentId }, 'The name must be 1-50 printable characters.'],
      [{ name: 'A\\B', parentId }, 'The Name contains invalid characters.'],
      [
        { name: 'Ok', parentId, description: 'd'.repeat(256) },
        'The Description max length is 255 printable characters.',
      ],
      [{ name: 'Ok', parentId: 'nope' }, 'The ParentId must be a valid UUID.'],
      [{ name: 'Ok', parentId: crypto.randomUUID() }, 'The parent group does not exist.'],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/groups', body);
      expect(response.status, message).toBe(400);
      expect(await response.json()).toEqual({ error: 'Bad Request', message });
    }
  });
});

describe('PUT /groups/{id}', () => {
  it('renames (revision + 1, UPDATE row) and moves (MOVE row)', async () => {
    const team = group('Refrigerated', 'Portland Depot');
    const revisionBefore = team.revision;
    const renamed = await json<GroupBody>(send('PUT', `/groups/${team.id}`, { name: 'Reefer' }));
    expect(renamed).toMatchObject({ name: 'Reefer', revision: revisionBefore + 1 });
    const seattle = group('Seattle Depot');
    const moved = await json<GroupBody>(
      send('PUT', `/groups/${team.id}`, { parentId: seattle.id }),
    );
    expect(moved).toMatchObject({ parentId: seattle.id, revision: revisionBefore + 2 });
    expect(moved.fullPath).toBe(
      'Cascade%20Freight%20Root\\Northwest%20Region\\Seattle%20Depot\\Reefer',
    );
    const actions = (await auditRows(`?groupIdentifier=${team.id}`)).data.map((row) => row.action);
    expect(actions.slice(0, 2).sort()).toEqual(['MOVE', 'UPDATE']);
  });

  it('refuses to move a group under its own descendant', async () => {
    const depot = group('Portland Depot');
    const portlandShift = getDb().groups.find(
      (candidate) =>
        candidate.name === 'Day Shift' &&
        candidate.parentId === group('Local Delivery', 'Portland Depot').id,
    )!;
    const underOwn = await send('PUT', `/groups/${depot.id}`, { parentId: portlandShift.id });
    expect(underOwn.status).toBe(400);
    expect(((await underOwn.json()) as ErrorBody).message).toBe(
      'The ParentId cannot be a descendant of the target Group.',
    );
    expect((await send('PUT', `/groups/${depot.id}`, { parentId: depot.id })).status).toBe(400);
    expect(group('Portland Depot').parentId).toBe(group('Northwest Region').id);
  });

  it('answers 409 for a name taken by a sibling and 403 JSON for the root', async () => {
    const team = group('Refrigerated', 'Portland Depot');
    expect((await send('PUT', `/groups/${team.id}`, { name: 'Long Haul' })).status).toBe(409);
    const rootResponse = await send('PUT', `/groups/${root().id}`, { name: 'New Root' });
    expect(rootResponse.status).toBe(403);
    expect(await rootResponse.json()).toEqual({
      error: 'Forbidden',
      message: 'Mandatory Groups cannot be updated.',
    });
  });
});

describe('DELETE /groups/{id}', () => {
  it('refuses a group with subgroups and the root', async () => {
    const withChildren = await call(`/groups/${group('Portland Depot').id}`, { method: 'DELETE' });
    expect(withChildren.status).toBe(400);
    expect(await withChildren.json()).toEqual({
      error: 'Bad Request',
      message: 'Groups with subgroups cannot be deleted.',
    });
    const rootResponse = await call(`/groups/${root().id}`, { method: 'DELETE' });
    expect(rootResponse.status).toBe(403);
    expect(((await rootResponse.json()) as ErrorBody).message).toBe(
      'Mandatory Groups cannot be deleted.',
    );
  });

  it('deletes a leaf even while users still belong to it (they are orphaned), and logs it', async () => {
    const leaf = group('Refrigerated', 'Portland Depot');
    const members = getDb().users.filter((user) => user.primaryGroupId === leaf.id).length;
    const response = await call(`/groups/${leaf.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await call(`/groups/${leaf.id}`)).status).toBe(404);
    expect(getDb().users.filter((user) => user.primaryGroupId === leaf.id)).toHaveLength(members);
    const [row] = (await auditRows(`?groupIdentifier=${leaf.id}&action=DELETE`)).data;
    expect(row).toMatchObject({ action: 'DELETE', isDeleted: true, name: 'Refrigerated' });
    expect(row!.deletedDate).not.toBeNull();
  });
});

describe('GET /groups/auditLogs', () => {
  it('defaults to the last 7 days, newest first, with actor fields', async () => {
    const body = await auditRows();
    const weekAgo = Date.now() - 7 * 86_400_000;
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((row) => Date.parse(row.updatedDate) >= weekAgo)).toBe(true);
    const dates = body.data.map((row) => row.updatedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(getDb().auditLogs.length).toBeGreaterThan(body.metadata.count);
    expect(Object.keys(body.data[0]!)).toEqual(
      expect.arrayContaining([
        'userId',
        'username',
        'userName',
        'firstName',
        'lastName',
        'email',
        'employeeId',
        'fullPath',
        'fullPathId',
      ]),
    );
  });

  it('filters by a 7-day window, action, actor and group with subgroups', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 7 * 86_400_000);
    const windowed = await auditRows(
      `?startDate=${start.toISOString()}&endDate=${end.toISOString()}&action=update&userIdentifier=maria.lopez`,
    );
    expect(
      windowed.data.every((row) => row.action === 'UPDATE' && row.username === 'maria.lopez'),
    ).toBe(true);
    await send('POST', '/groups', { name: 'Audit Probe', parentId: group('Portland Depot').id });
    const depotTree = await auditRows(
      `?groupIdentifier=${group('Portland Depot').id}&includeSubgroups=true`,
    );
    expect(depotTree.data.map((row) => row.name)).toContain('Audit Probe');
    const depotOnly = await auditRows(`?groupIdentifier=${group('Portland Depot').id}`);
    expect(depotOnly.data.map((row) => row.name)).not.toContain('Audit Probe');
  });

  it('rejects bad parameters', async () => {
    const now = Date.now();
    const iso = (offsetDays: number) => new Date(now + offsetDays * 86_400_000).toISOString();
    const cases: [string, string][] = [
      ['?limit=101', 'The Limit must be greater than 0 and less than or equal to 100.'],
      ['?limit=0', 'The Limit must be greater than 0 and less than or equal to 100.'],
      ['?offset=-1', 'The Offset must be greater or equal to 0.'],
      [
        `?startDate=${iso(-2)}`,
        'The EndDate is required with the StartDate. The EndDate must be within 7 days after the StartDate.',
      ],
      [
        `?startDate=${iso(-9)}&endDate=${iso(-1)}`,
        'The EndDate must be within 7 days after the StartDate.',
      ],
      [`?startDate=${iso(-1)}&endDate=${iso(-2)}`, 'The EndDate must be after the StartDate.'],
      [`?startDate=${iso(1)}&endDate=${iso(2)}`, 'The StartDate cannot be in the future.'],
      [
        '?startDate=2024-01-01T00:00:00Z&endDate=2024-01-02T00:00:00Z',
        'Audit data prior to 2024-09-04T00:00:00Z is not available.',
      ],
      ['?action=RENAME', 'The Action field is not valid.'],
      ['?userIdentifier=nobody.here', 'Username is invalid.'],
      ['?groupIdentifier=abc', 'The GroupId must be a valid UUID.'],
      ['?sort=Colour', 'The Sort field is not valid.'],
      ['?order=up', "The Order must be either 'asc' or 'desc' value."],
    ];
    for (const [query, message] of cases) {
      const response = await call(`/groups/auditLogs${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as ErrorBody).message, query).toBe(message);
    }
  });
});

describe('POST /groups/bulkImport', () => {
  const header =
    'Group Name,Description,Subgroups,Lytx Account Parent Group,' +
    Array.from(
      { length: 12 },
      (_, level) =>
        `Sub-Group (${level + 2}${level === 0 ? 'nd' : level === 1 ? 'rd' : 'th'} Hierarchy)`,
    ).join(',');
  const importCsv = (csv: string) =>
    call('/groups/bulkImport', {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'application/octet-stream' },
    });

  it('imports rows by their hierarchy path and sorts the outcome into the four lists', async () => {
    const csv = [
      header,
      'Medford Depot,"Depot in Medford, OR",Long Haul;Local Delivery,Cascade Freight Root,Northwest Region',
      'Night Shift,,,Cascade Freight Root,Northwest Region,Medford Depot,Local Delivery',
      'Long Haul,,,Cascade Freight Root,Northwest Region,Portland Depot',
      'Orphan,,,Cascade Freight Root,Nowhere Region',
      'Bad\\Name,,,Cascade Freight Root',
      'Stray,,,Some Other Company',
    ].join('\r\n');
    const response = await importCsv(csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      importedGroups: [
        'Cascade Freight Root\\Northwest Region\\Medford Depot',
        'Cascade Freight Root\\Northwest Region\\Medford Depot\\Long Haul',
        'Cascade Freight Root\\Northwest Region\\Medford Depot\\Local Delivery',
        'Cascade Freight Root\\Northwest Region\\Medford Depot\\Local Delivery\\Night Shift',
      ],
      existingGroups: ['Cascade Freight Root\\Northwest Region\\Portland Depot\\Long Haul'],
      groupsFailedToImport: [
        'Cascade Freight Root\\Nowhere Region\\Orphan',
        'Some Other Company\\Stray',
      ],
      invalidGroupNames: ['Bad\\Name'],
    });
    const medford = group('Medford Depot');
    expect(medford).toMatchObject({
      description: 'Depot in Medford, OR',
      parentId: group('Northwest Region').id,
    });
    const imported = (await auditRows('?action=IMPORT')).data;
    expect(imported).toHaveLength(4);
  });

  it('refuses an empty file', async () => {
    for (const csv of ['', `${header}\r\n`]) {
      const response = await importCsv(csv);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Bad Request',
        message: 'Empty file can not be imported.',
      });
    }
  });
});

describe('POST /groups/bulkMove', () => {
  const move = (groupId: string, parentId: string) => ({
    op: 'replace',
    path: `${groupId}/parentId`,
    value: `${parentId}/Id`,
  });

  it('accepts a single object', async () => {
    const team = group('Refrigerated', 'Portland Depot');
    const revisionBefore = team.revision;
    const region = group('Northwest Region');
    const body = await json<{ MovedGroups: GroupBody[]; UnmovedGroups: unknown[] }>(
      send('POST', '/groups/bulkMove', move(team.id, region.id)),
    );
    expect(body.UnmovedGroups).toEqual([]);
    expect(body.MovedGroups).toHaveLength(1);
    expect(body.MovedGroups[0]).toMatchObject({
      id: team.id,
      parentId: region.id,
      revision: revisionBefore + 1,
    });
    expect((await auditRows(`?groupIdentifier=${team.id}&action=MOVE`)).data).toHaveLength(1);
  });

  it('moves what it can from an array and explains the rest', async () => {
    const portland = group('Portland Depot');
    const team = group('Refrigerated', 'Portland Depot');
    const boise = group('Boise Depot');
    const mountain = group('Mountain Region');
    const body = await json<{
      MovedGroups: GroupBody[];
      UnmovedGroups: { Group: GroupBody; ErrorMessage: string }[];
    }>(
      send('POST', '/groups/bulkMove', [
        move(team.id, mountain.id),
        move(portland.id, group('Long Haul', 'Portland Depot').id),
        move(group('Long Haul', 'Seattle Depot').id, boise.id),
      ]),
    );
    expect(body.MovedGroups.map((moved) => moved.id)).toEqual([team.id]);
    expect(body.UnmovedGroups.map((entry) => [entry.Group.id, entry.ErrorMessage])).toEqual([
      [portland.id, 'The ParentId cannot be a descendant of the target Group.'],
      [group('Long Haul', 'Seattle Depot').id, 'Group already exists with same Name and ParentId.'],
    ]);
  });

  it('answers 400 for nothing to move or a malformed entry', async () => {
    const empty = await send('POST', '/groups/bulkMove', []);
    expect(await empty.json()).toEqual({
      error: 'Bad Request',
      message: 'No groups provided for bulk move.',
    });
    const team = group('Refrigerated', 'Portland Depot');
    expect(
      (
        await send('POST', '/groups/bulkMove', {
          op: 'add',
          path: `${team.id}/parentId`,
          value: `${root().id}/Id`,
        })
      ).status,
    ).toBe(400);
    expect(
      (await send('POST', '/groups/bulkMove', move(crypto.randomUUID(), root().id))).status,
    ).toBe(400);
  });
});
