// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';
import {
  buildRolesById,
  createUser,
  diffGroupRoles,
  getUser,
  listRoles,
  listUsers,
  patchUserGroupRoles,
  updateUser,
  useCreateUserMutation,
  usePatchUserGroupRolesMutation,
  userKeys,
  type User,
} from './users';

const usersUrl = `${TEST_SERVICE_BASE_URL}/v1/users`;
const groupA = '880e60d8-fbed-217a-1720-6511d9f16361';
const groupB = '5100ffff-60b6-4d4c-9d3e-2a0f9b1c7e11';

const maria: User = {
  userId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  firstName: 'Maria',
  lastName: 'Lopez',
  username: 'MariaLopez',
  status: 'Active',
  loginEnabled: true,
  groupRoles: [{ groupId: groupA, groupName: 'Depot', roleId: 4 }],
};

beforeEach(() => configureTestApiClient());

describe('listUsers', () => {
  it('decodes {data, metadata} into a page, ignoring unknown fields', async () => {
    serveForTest('get', usersUrl, () =>
      HttpResponse.json({
        data: [{ ...maria, favouriteColour: 'teal' }, { userId: 'only-an-id' }],
        metadata: { count: 102, limit: 2, offset: 0 },
      }),
    );
    const page = await listUsers({ page: { pageIndex: 0, pageSize: 2 } });
    expect(page.total).toBe(102);
    expect(page.hasMore).toBe(true);
    expect(page.items[0]).toEqual(maria);
    expect(page.items[1]).toEqual({ userId: 'only-an-id' });
  });

  it('treats data: null as an empty list', async () => {
    serveForTest('get', usersUrl, () =>
      HttpResponse.json({ data: null, metadata: { count: 0, limit: 10, offset: 0 } }),
    );
    const page = await listUsers({ page: { pageIndex: 0, pageSize: 10 } });
    expect(page.items).toEqual([]);
    expect(page.hasMore).toBe(false);
  });

  it('spells the query as the users API does: includeSubGroups, repeated arrays, limit/offset', async () => {
    const requests = serveForTest('get', usersUrl, () =>
      HttpResponse.json({ data: [], metadata: { count: 0 } }),
    );
    await listUsers({
      page: { pageIndex: 2, pageSize: 50 },
      groupId: [groupA, groupB],
      roleId: [4, 7],
      status: ['Active'],
      includeSubGroups: true,
      searchText: 'lop',
    });
    const query = searchParamsOf(requests);
    expect(query.getAll('groupId')).toEqual([groupA, groupB]);
    expect(query.getAll('roleId')).toEqual(['4', '7']);
    expect(query.get('includeSubGroups')).toBe('true');
    expect(query.has('includeSubgroups')).toBe(false);
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('100');
    expect(query.get('searchText')).toBe('lop');
  });

  it('fails loudly when the body is not a user list', async () => {
    serveForTest('get', usersUrl, () => HttpResponse.json('Service unavailable'));
    await expect(listUsers({ page: { pageIndex: 0, pageSize: 10 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('leaves out a user it cannot read, keeps the rest and says how many', async () => {
    serveForTest('get', usersUrl, () =>
      HttpResponse.json({ data: [{ firstName: 'No ID' }, maria], metadata: { count: -85403456 } }),
    );
    const page = await listUsers({ page: { pageIndex: 0, pageSize: 10 } });
    expect(page.items).toEqual([maria]);
    expect(page.total).toBeNull();
    expect(page.readReport).toMatchObject({ operation: 'GET /users', skippedRecords: 1 });
  });
});

describe('single users', () => {
  it('reads a user by username through searchBy', async () => {
    const requests = serveForTest('get', `${usersUrl}/:identifier`, () => HttpResponse.json(maria));
    await expect(getUser('MariaLopez', { searchBy: 'Username' })).resolves.toEqual(maria);
    expect(new URL(requests[0]!.url).pathname).toBe('/service/api/v1/users/MariaLopez');
    expect(searchParamsOf(requests).get('searchBy')).toBe('Username');
  });

  it('creates and updates with the bare User body', async () => {
    const created = serveForTest('post', usersUrl, () => HttpResponse.json(maria, { status: 201 }));
    const body = {
      firstName: 'Maria',
      lastName: 'Lopez',
      groupRoles: [{ groupId: groupA, roleId: 4 }],
    };
    await expect(createUser(body)).resolves.toEqual(maria);
    expect(await created[0]!.json()).toEqual(body);

    const updated = serveForTest('put', `${usersUrl}/:userId`, () => HttpResponse.json(maria));
    await updateUser(maria.userId, {
      allowVideoSearchDownload: false,
      cellPhoneCountry: '',
      cellPhoneNumber: '',
      email: '',
      employeeId: '',
      firstName: 'Maria',
      lastName: 'Lopez',
      groupRoles: [{ groupId: groupA, roleId: 4 }],
      loginEnabled: true,
      primaryGroupId: groupA,
      status: 'Active',
      username: 'MariaLopez',
    });
    expect(updated[0]!.method).toBe('PUT');
    expect(new URL(updated[0]!.url).pathname).toBe(`/service/api/v1/users/${maria.userId}`);
  });

  it('sends group-role patch operations as a JSON array', async () => {
    const requests = serveForTest('patch', `${usersUrl}/:userId/groupRoles`, () =>
      HttpResponse.json({ userId: maria.userId, groupRoles: [{ groupId: groupB, roleId: 2 }] }),
    );
    const operations = diffGroupRoles([], [{ groupId: groupB, roleId: 2 }]);
    const result = await patchUserGroupRoles(maria.userId, operations);
    expect(result.groupRoles).toEqual([{ groupId: groupB, roleId: 2 }]);
    expect(await requests[0]!.json()).toEqual([
      { op: 'add', path: '/roles', value: { groupId: groupB, roleId: 2 } },
    ]);
  });

  it('surfaces a 409 as a CONFLICT ApiError with the service wording', async () => {
    serveForTest('post', usersUrl, () =>
      HttpResponse.json(
        { error: 'Conflict', message: 'Username already exists.' },
        { status: 409 },
      ),
    );
    const error = await createUser({ firstName: 'A', lastName: 'B', groupRoles: [] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Username already exists.' });
  });
});

describe('roles', () => {
  it('reads the bare role array and builds the map the spec promises', async () => {
    serveForTest('get', `${usersUrl}/roles`, () =>
      HttpResponse.json([
        { id: 4, name: 'Group Manager', description: 'Manages groups' },
        { id: 7, name: null },
      ]),
    );
    const roles = await listRoles();
    const rolesById = buildRolesById(roles);
    expect(rolesById.get(4)?.name).toBe('Group Manager');
    expect(rolesById.get(7)).toEqual({ id: 7, name: null });
  });
});

describe('diffGroupRoles', () => {
  const manager = { groupId: groupA, roleId: 4 };
  const driverInB = { groupId: groupB, roleId: 2 };

  it('adds only the added roles and removes only the removed ones', () => {
    expect(diffGroupRoles([manager], [manager, driverInB])).toEqual([
      { op: 'add', path: '/roles', value: driverInB },
    ]);
    expect(diffGroupRoles([manager, driverInB], [driverInB])).toEqual([
      { op: 'remove', path: `/groups/${groupA}/roles/4` },
    ]);
  });

  it('sends nothing when the set is unchanged, even if reordered or differently cased', () => {
    expect(
      diffGroupRoles(
        [manager, driverInB],
        [{ ...driverInB, groupId: groupB.toUpperCase() }, manager],
      ),
    ).toEqual([]);
  });

  it('treats a role change in the same group as one remove and one add', () => {
    expect(diffGroupRoles([manager], [{ groupId: groupA, roleId: 5 }])).toEqual([
      { op: 'remove', path: `/groups/${groupA}/roles/4` },
      { op: 'add', path: '/roles', value: { groupId: groupA, roleId: 5 } },
    ]);
  });

  it('ignores duplicates on either side', () => {
    expect(diffGroupRoles([], [driverInB, driverInB])).toHaveLength(1);
  });
});

describe('user mutations', () => {
  function renderWithClient<T>(hook: () => T) {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    return { queryClient, ...renderHook(hook, { wrapper }) };
  }

  it('create seeds the detail cache and invalidates only the user lists', async () => {
    serveForTest('post', usersUrl, () => HttpResponse.json(maria, { status: 201 }));
    const { result, queryClient } = renderWithClient(() => useCreateUserMutation());
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await act(() =>
      result.current.mutateAsync({ firstName: 'Maria', lastName: 'Lopez', groupRoles: [] }),
    );
    expect(queryClient.getQueryData(userKeys.detail(maria.userId))).toEqual(maria);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.lists() });
  });

  it('patching group roles updates the cached user', async () => {
    const newRoles = [{ groupId: groupB, roleId: 2 }];
    serveForTest('patch', `${usersUrl}/:userId/groupRoles`, () =>
      HttpResponse.json({ userId: maria.userId, groupRoles: newRoles }),
    );
    const { result, queryClient } = renderWithClient(() => usePatchUserGroupRolesMutation());
    queryClient.setQueryData(userKeys.detail(maria.userId), maria);
    act(() => result.current.mutate({ userId: maria.userId, operations: [] }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<User>(userKeys.detail(maria.userId))?.groupRoles).toEqual(
      newRoles,
    );
  });
});
