import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { apiRequest } from './client';
import { offsetEnvelope, requestListPage } from './list-request';
import { offsetListMetadataSchema, type Page, type PageRequest } from './paging';
import { sessionLookupQueryDefaults } from './query-client';
import { searchIndexQueryOptions } from './search-index';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Users API: FullUserResponse, CreateUserRequest, EditUserRequest, ...)
// ---------------------------------------------------------------------------------------------

const groupRoleSchema = z.object({
  groupId: z.string(),
  groupName: z.string().nullish(),
  roleId: z.number().int(),
});
export type GroupRole = z.infer<typeof groupRoleSchema>;

const userSchema = z.object({
  // The only field the console cannot do without: PUT and PATCH address users by it.
  userId: z.string(),
  allowSafetyEventDownload: z.boolean().nullish(),
  allowVideoSearchDownload: z.boolean().nullish(),
  cellPhoneCountry: z.string().nullish(),
  cellPhoneNumber: z.string().nullish(),
  createdDate: z.string().nullish(),
  updatedDate: z.string().nullish(),
  lastLoginDate: z.string().nullish(),
  email: z.string().nullish(),
  employeeId: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  username: z.string().nullish(),
  status: z.string().nullish(),
  loginEnabled: z.boolean().nullish(),
  primaryGroupId: z.string().nullish(),
  groupRoles: z.array(groupRoleSchema).nullish(),
});
export type User = z.infer<typeof userSchema>;

const userListResponseSchema = z.object({
  data: z.array(userSchema).nullish(),
  metadata: offsetListMetadataSchema.nullish(),
});

const roleSchema = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  description: z.string().nullish(),
});
export type Role = z.infer<typeof roleSchema>;

const roleListSchema = z.array(roleSchema);

const userGroupRolesResponseSchema = z.object({
  userId: z.string(),
  groupRoles: z.array(groupRoleSchema).nullish(),
});
export type UserGroupRolesResponse = z.infer<typeof userGroupRolesResponseSchema>;

const groupRoleAssignmentSchema = z.object({
  groupId: z.guid(),
  roleId: z.number().int(),
});
export type GroupRoleAssignment = z.infer<typeof groupRoleAssignmentSchema>;

export const createUserRequestSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  groupRoles: z.array(groupRoleAssignmentSchema).min(1),
  allowVideoSearchDownload: z.boolean().nullish(),
  cellPhoneCountry: z.string().nullish(),
  cellPhoneNumber: z.string().nullish(),
  email: z.string().nullish(),
  employeeId: z.string().nullish(),
  loginEnabled: z.boolean().nullish(),
  password: z.string().nullish(),
  primaryGroupId: z.guid().nullish(),
  username: z.string().nullish(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/**
 * PUT is a full replacement: every field but `password` must be sent (Users API,
 * PUT /users/{userId}), and unlike the create request none may be null: an empty text is ''.
 */
export const updateUserRequestSchema = z.object({
  allowVideoSearchDownload: z.boolean(),
  cellPhoneCountry: z.string(),
  cellPhoneNumber: z.string(),
  email: z.string(),
  employeeId: z.string(),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  groupRoles: z.array(groupRoleAssignmentSchema),
  loginEnabled: z.boolean(),
  primaryGroupId: z.string(),
  status: z.string(),
  username: z.string(),
  password: z.string().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const groupRolePatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: z.literal('/roles'), value: groupRoleAssignmentSchema }),
  z.object({ op: z.literal('remove'), path: z.string().regex(/^\/groups\/[^/]+\/roles\/\d+$/) }),
]);
export type GroupRolePatchOperation = z.infer<typeof groupRolePatchOperationSchema>;

export const userSearchByValues = ['UserId', 'Username', 'EmployeeId'] as const;
export type UserSearchBy = (typeof userSearchByValues)[number];

export interface UserListParams {
  page: PageRequest;
  groupId?: readonly string[];
  roleId?: readonly number[];
  status?: readonly string[];
  loginEnabled?: boolean;
  order?: 'asc' | 'desc';
  /** Capital G: the users API spells it this way (Users API, GET /users). */
  includeSubGroups?: boolean;
  searchText?: string;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export function listUsers(params: UserListParams, signal?: AbortSignal): Promise<Page<User>> {
  return requestListPage({
    service: 'users',
    path: '/users',
    ...offsetEnvelope<User>(),
    page: params.page,
    filters: {
      groupId: params.groupId,
      roleId: params.roleId,
      status: params.status,
      loginEnabled: params.loginEnabled,
      order: params.order,
      includeSubGroups: params.includeSubGroups,
      searchText: params.searchText,
    },
    schema: userListResponseSchema,
    signal,
  });
}

/** The one read that accepts a username or employee ID instead of the GUID. */
export function getUser(
  identifier: string,
  options: { searchBy?: UserSearchBy } = {},
  signal?: AbortSignal,
): Promise<User> {
  return apiRequest({
    service: 'users',
    path: `/users/${encodeURIComponent(identifier)}`,
    query: { searchBy: options.searchBy },
    schema: userSchema,
    signal,
  });
}

export function createUser(body: CreateUserRequest): Promise<User> {
  return apiRequest({ service: 'users', method: 'POST', path: '/users', body, schema: userSchema });
}

/** `userId` must be the GUID: PUT does not accept usernames (Users API, PUT /users/{userId}). */
export function updateUser(userId: string, body: UpdateUserRequest): Promise<User> {
  return apiRequest({
    service: 'users',
    method: 'PUT',
    path: `/users/${encodeURIComponent(userId)}`,
    body,
    schema: userSchema,
  });
}

export function listRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiRequest({
    service: 'users',
    path: '/users/roles',
    schema: roleListSchema,
    emptyValue: [],
    signal,
  });
}

export function patchUserGroupRoles(
  userId: string,
  operations: readonly GroupRolePatchOperation[],
): Promise<UserGroupRolesResponse> {
  return apiRequest({
    service: 'users',
    method: 'PATCH',
    path: `/users/${encodeURIComponent(userId)}/groupRoles`,
    body: operations,
    schema: userGroupRolesResponseSchema,
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The service sends the roles as an array, not a map (Users API, GET /users/roles). */
export function buildRolesById(roles: readonly Role[]): Map<number, Role> {
  return new Map(roles.map((role) => [role.id, role]));
}

function groupRoleKey(role: GroupRoleAssignment): string {
  return `${role.groupId.toLowerCase()}|${role.roleId}`;
}

/** The PATCH operations that turn `before` into `after`, touching nothing that stays. */
export function diffGroupRoles(
  before: readonly GroupRoleAssignment[],
  after: readonly GroupRoleAssignment[],
): GroupRolePatchOperation[] {
  const beforeKeys = new Set(before.map(groupRoleKey));
  const afterKeys = new Set(after.map(groupRoleKey));
  const operations: GroupRolePatchOperation[] = [];
  const queued = new Set<string>();
  for (const role of before) {
    const key = groupRoleKey(role);
    if (afterKeys.has(key) || queued.has(key)) continue;
    queued.add(key);
    operations.push({ op: 'remove', path: `/groups/${role.groupId}/roles/${role.roleId}` });
  }
  for (const role of after) {
    const key = groupRoleKey(role);
    if (beforeKeys.has(key) || queued.has(key)) continue;
    queued.add(key);
    operations.push({
      op: 'add',
      path: '/roles',
      value: { groupId: role.groupId, roleId: role.roleId },
    });
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Query keys and options
// ---------------------------------------------------------------------------------------------

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (identifier: string, searchBy: UserSearchBy = 'UserId') =>
    [...userKeys.details(), searchBy, identifier] as const,
  roles: () => [...userKeys.all, 'roles'] as const,
  // Under lists, so every user write refreshes it too.
  searchIndex: () => [...userKeys.lists(), 'search-index'] as const,
};

export function userListQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
  });
}

export function userDetailQueryOptions(identifier: string, searchBy: UserSearchBy = 'UserId') {
  return queryOptions({
    queryKey: userKeys.detail(identifier, searchBy),
    queryFn: ({ signal }) => getUser(identifier, { searchBy }, signal),
  });
}

/** What finding a user by name, username, employee ID or email needs. */
export interface UserSearchEntry {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  employeeId: string | null;
  email: string | null;
}

/** Every user of the company (up to a cap), read once and searched on the client. */
export interface UserSearchIndex {
  users: UserSearchEntry[];
  /** False when the company has more users than the index reads. */
  complete: boolean;
}

/**
 * The users for what `searchText` does not match (email), and for instant answers while a search
 * request is on its way.
 */
export function userSearchIndexQueryOptions() {
  return searchIndexQueryOptions({
    queryKey: userKeys.searchIndex(),
    readPage: (page, signal) => listUsers({ page }, signal),
    toIndex: (users, complete): UserSearchIndex => ({
      users: users.map(toUserSearchEntry),
      complete,
    }),
  });
}

export function toUserSearchEntry(user: User): UserSearchEntry {
  return {
    userId: user.userId,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    username: user.username ?? null,
    employeeId: user.employeeId ?? null,
    email: user.email ?? null,
  };
}

/**
 * The signed-in user's own record (by username, the one identifier the session knows), read once
 * per session: it says which groups the user holds roles in.
 */
export function currentUserQueryOptions(username: string) {
  return queryOptions({
    ...userDetailQueryOptions(username, 'Username'),
    ...sessionLookupQueryDefaults,
  });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: userKeys.roles(),
    queryFn: ({ signal }) => listRoles(signal),
    ...sessionLookupQueryDefaults,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.userId), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserRequest }) =>
      updateUser(userId, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.userId), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function usePatchUserGroupRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      operations,
    }: {
      userId: string;
      operations: readonly GroupRolePatchOperation[];
    }) => patchUserGroupRoles(userId, operations),
    onSuccess: (result) => {
      // The response carries only the role set, so patch it into the cached user.
      queryClient.setQueryData<User>(userKeys.detail(result.userId), (user) =>
        user ? { ...user, groupRoles: result.groupRoles } : user,
      );
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
