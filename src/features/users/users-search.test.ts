import { describe, expect, it } from 'vitest';
import { usersListParams, usersSearchSchema } from './users-search';

describe('usersListParams', () => {
  it('asks for one role and one status as the one-entry lists the service takes', () => {
    const params = usersListParams({ roleId: 6, status: 'Inactive', page: 3, pageSize: 10 });
    expect(params).toMatchObject({
      roleId: [6],
      status: ['Inactive'],
      page: { pageIndex: 2, pageSize: 10 },
    });
  });

  it('leaves out the filters that are not set, and asks for subgroups only with a group', () => {
    expect(usersListParams({})).toMatchObject({
      roleId: undefined,
      status: undefined,
      groupId: undefined,
      includeSubGroups: undefined,
    });
    expect(usersListParams({ groupId: 'g1' })).toMatchObject({
      groupId: ['g1'],
      includeSubGroups: true,
    });
  });
});

describe('usersSearchSchema', () => {
  it('drops a role written otherwise than in digits and a group that is no ID', () => {
    expect(usersSearchSchema({ roleId: '1e3', groupId: 'not-a-guid', q: 'okafor' })).toEqual({
      roleId: undefined,
      groupId: undefined,
      q: 'okafor',
    });
  });
});
