import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { runBulk } from './bulk-run';
import { apiRequest } from './client';
import { offsetEnvelope, requestListPage } from './list-request';
import { offsetListMetadataSchema, type Page, type PageRequest } from './paging';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Groups API: Group, AuditLog, ImportGroupsResponse, BulkMoveGroupRequest, ...)
// ---------------------------------------------------------------------------------------------

const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  parentId: z.string(),
  rootGroupId: z.string(),
  fullPath: z.string(),
  fullPathId: z.string(),
  revision: z.number(),
  /** .NET's empty date ("not set") reads as null. */
  createdDate: z.string().nullish(),
  updatedDate: z.string().nullish(),
});
export type Group = z.infer<typeof groupSchema>;

const groupListResponseSchema = z.object({
  groups: z.array(groupSchema).nullish(),
  metadata: offsetListMetadataSchema.nullish(),
});

const groupDescendantsSchema = z.array(z.string());

export const groupAuditActions = ['CREATE', 'UPDATE', 'DELETE', 'IMPORT', 'MOVE'] as const;
export type GroupAuditAction = (typeof groupAuditActions)[number];

/** The schema says `username`, the examples `userName`; `deletedDate` is typed boolean in one place. */
const groupAuditLogSchema = z
  .object({
    id: z.string().nullish(),
    action: z.string().nullish(),
    name: z.string().nullish(),
    description: z.string().nullish(),
    parentId: z.string().nullish(),
    rootGroupId: z.string().nullish(),
    fullPath: z.string().nullish(),
    fullPathId: z.string().nullish(),
    revision: z.number().nullish(),
    isDeleted: z.boolean().nullish(),
    createdDate: z.string().nullish(),
    updatedDate: z.string().nullish(),
    deletedDate: z.union([z.string(), z.boolean()]).nullish(),
    userId: z.string().nullish(),
    username: z.string().nullish(),
    userName: z.string().nullish(),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    email: z.string().nullish(),
    employeeId: z.string().nullish(),
  })
  .transform(({ userName, username, deletedDate, ...log }) => ({
    ...log,
    username: username ?? userName ?? null,
    deletedDate: typeof deletedDate === 'string' ? deletedDate : null,
  }));
export type GroupAuditLog = z.infer<typeof groupAuditLogSchema>;

const groupAuditLogListResponseSchema = z.object({
  data: z.array(groupAuditLogSchema).nullish(),
  metadata: offsetListMetadataSchema.nullish(),
});

const pathList = z
  .array(z.string())
  .nullish()
  .transform((paths) => paths ?? []);

const groupImportResponseSchema = z.object({
  importedGroups: pathList,
  existingGroups: pathList,
  groupsFailedToImport: pathList,
  invalidGroupNames: pathList,
});
export type GroupImportResult = z.infer<typeof groupImportResponseSchema>;

const groupBulkMoveResponseSchema = z.object({
  MovedGroups: z
    .array(groupSchema)
    .nullish()
    .transform((groups) => groups ?? []),
  UnmovedGroups: z
    .array(z.object({ Group: groupSchema.nullish(), ErrorMessage: z.string().nullish() }))
    .nullish()
    .transform((groups) => groups ?? []),
});
type GroupBulkMoveResponse = z.infer<typeof groupBulkMoveResponseSchema>;

const createGroupRequestSchema = z.object({
  name: z.string().trim().min(1).max(50),
  parentId: z.guid(),
  description: z.string().max(255).nullish(),
});
export type CreateGroupRequest = z.infer<typeof createGroupRequestSchema>;

/** Every field optional; a new parentId moves the group. */
export const updateGroupRequestSchema = createGroupRequestSchema.partial();
export type UpdateGroupRequest = z.infer<typeof updateGroupRequestSchema>;

export const groupBulkMoveRequestSchema = z.object({
  op: z.literal('replace'),
  path: z.string().regex(/^[^/]+\/parentId$/),
  value: z.string().regex(/^[^/]+\/Id$/),
});
type GroupBulkMoveRequest = z.infer<typeof groupBulkMoveRequestSchema>;

export interface GroupMove {
  groupId: string;
  newParentId: string;
}

export interface GroupListParams {
  page: PageRequest;
  /** Sent as published (a string); how several IDs are joined is not documented. */
  groupIds?: string;
  includeSubgroups?: boolean;
  sort?: string;
  order?: 'asc' | 'desc';
  encodeFullPath?: boolean;
}

export interface GroupAuditLogListParams {
  page: PageRequest;
  userIdentifier?: string;
  groupIdentifier?: string;
  includeSubgroups?: boolean;
  action?: GroupAuditAction;
  /** Both or neither, at most 7 days apart; the service defaults to the last 7 days. */
  startDate?: string;
  endDate?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export function listGroups(params: GroupListParams, signal?: AbortSignal): Promise<Page<Group>> {
  return requestListPage({
    service: 'groups',
    path: '/groups',
    paging: 'limit-offset',
    page: params.page,
    filters: {
      groupIds: params.groupIds,
      includeSubgroups: params.includeSubgroups,
      sort: params.sort,
      order: params.order,
      encodeFullPath: params.encodeFullPath,
    },
    schema: groupListResponseSchema,
    emptyValue: { groups: [], metadata: { count: 0 } },
    items: (response) => response.groups,
    total: (response) => response.metadata?.count,
    signal,
  });
}

export function getGroup(
  groupId: string,
  options: { encodeFullPath?: boolean } = {},
  signal?: AbortSignal,
): Promise<Group> {
  return apiRequest({
    service: 'groups',
    path: `/groups/${encodeURIComponent(groupId)}`,
    query: { encodeFullPath: options.encodeFullPath },
    schema: groupSchema,
    signal,
  });
}

export function createGroup(body: CreateGroupRequest): Promise<Group> {
  return apiRequest({
    service: 'groups',
    method: 'POST',
    path: '/groups',
    body,
    schema: groupSchema,
  });
}

export function updateGroup(groupId: string, body: UpdateGroupRequest): Promise<Group> {
  return apiRequest({
    service: 'groups',
    method: 'PUT',
    path: `/groups/${encodeURIComponent(groupId)}`,
    body,
    schema: groupSchema,
  });
}

/** The service does not refuse when entities still belong to the group; the UI must check first. */
export async function deleteGroup(groupId: string): Promise<void> {
  await apiRequest({
    service: 'groups',
    method: 'DELETE',
    path: `/groups/${encodeURIComponent(groupId)}`,
    responseKind: 'none',
  });
}

/**
 * depth: absent = children, 0 = every level, n = n levels down (Groups API,
 * GET /groups/{groupIdentifier}/descendants).
 */
export function listGroupDescendants(
  groupId: string,
  depth?: number,
  signal?: AbortSignal,
): Promise<string[]> {
  return apiRequest({
    service: 'groups',
    path: `/groups/${encodeURIComponent(groupId)}/descendants`,
    query: { depth },
    schema: groupDescendantsSchema,
    emptyValue: [],
    signal,
  });
}

export function listGroupAuditLogs(
  params: GroupAuditLogListParams,
  signal?: AbortSignal,
): Promise<Page<GroupAuditLog>> {
  return requestListPage({
    service: 'groups',
    path: '/groups/auditLogs',
    ...offsetEnvelope<GroupAuditLog>(),
    page: params.page,
    filters: {
      userIdentifier: params.userIdentifier,
      groupIdentifier: params.groupIdentifier,
      includeSubgroups: params.includeSubgroups,
      action: params.action,
      startDate: params.startDate,
      endDate: params.endDate,
      sort: params.sort,
      order: params.order,
    },
    schema: groupAuditLogListResponseSchema,
    signal,
  });
}

/** The body is the raw CSV bytes; as an ArrayBuffer it goes as octet-stream, not the file's text/csv. */
export async function bulkImportGroups(file: Blob): Promise<GroupImportResult> {
  return apiRequest({
    service: 'groups',
    method: 'POST',
    path: '/groups/bulkImport',
    body: await file.arrayBuffer(),
    schema: groupImportResponseSchema,
  });
}

function toGroupBulkMoveRequest(move: GroupMove): GroupBulkMoveRequest {
  return { op: 'replace', path: `${move.groupId}/parentId`, value: `${move.newParentId}/Id` };
}

function moveOneGroup(move: GroupMove): Promise<GroupBulkMoveResponse> {
  return apiRequest({
    service: 'groups',
    method: 'POST',
    path: '/groups/bulkMove',
    body: toGroupBulkMoveRequest(move),
    schema: groupBulkMoveResponseSchema,
  });
}

interface FailedGroupMove {
  move: GroupMove;
  error: unknown;
}

export type GroupBulkMoveResult = GroupBulkMoveResponse & { failedMoves: FailedGroupMove[] };

/**
 * The published body is a single object and an array is unverified (Groups API,
 * POST /groups/bulkMove, BulkMoveGroupRequest), so several moves go one request each, in order
 * (a later move may depend on an earlier one), and merge.
 * A request that fails is recorded and the rest still run; a 429 waits its Retry-After and sends
 * that move again (the bulk runner's rule for writes).
 */
export async function bulkMoveGroups(moves: readonly GroupMove[]): Promise<GroupBulkMoveResult> {
  const [onlyMove] = moves;
  if (moves.length === 1 && onlyMove) {
    const response = await moveOneGroup(onlyMove);
    return { ...response, failedMoves: [] };
  }
  const report = await runBulk(moves, moveOneGroup, { concurrency: 1 });
  const merged: GroupBulkMoveResult = { MovedGroups: [], UnmovedGroups: [], failedMoves: [] };
  for (const result of report) {
    if (result.status === 'done') {
      merged.MovedGroups.push(...result.value.MovedGroups);
      merged.UnmovedGroups.push(...result.value.UnmovedGroups);
    } else if (result.status === 'failed') {
      merged.failedMoves.push({ move: result.item, error: result.error });
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------
// Query keys and options
// ---------------------------------------------------------------------------------------------

const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (params: GroupListParams) => [...groupKeys.lists(), params] as const,
  details: () => [...groupKeys.all, 'detail'] as const,
  detail: (groupId: string, encodeFullPath?: boolean) =>
    [...groupKeys.details(), groupId, { encodeFullPath }] as const,
  allDescendants: () => [...groupKeys.all, 'descendants'] as const,
  descendants: (groupId: string, depth?: number) =>
    [...groupKeys.allDescendants(), groupId, { depth }] as const,
  auditLogs: () => [...groupKeys.all, 'audit-logs'] as const,
  auditLogList: (params: GroupAuditLogListParams) => [...groupKeys.auditLogs(), params] as const,
};

function groupListQueryOptions(params: GroupListParams) {
  return queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => listGroups(params, signal),
  });
}

/**
 * Every group of the company in one request (Groups API, GET /groups); the tree is built on the
 * client, as no operation returns one.
 * Pickers, the groups page and the command palette share it.
 */
export const allGroupsQueryOptions = () =>
  groupListQueryOptions({ page: { pageIndex: 0, pageSize: 10_000 }, encodeFullPath: false });

export function groupDetailQueryOptions(groupId: string, encodeFullPath?: boolean) {
  return queryOptions({
    queryKey: groupKeys.detail(groupId, encodeFullPath),
    queryFn: ({ signal }) => getGroup(groupId, { encodeFullPath }, signal),
  });
}

export function groupDescendantsQueryOptions(groupId: string, depth?: number) {
  return queryOptions({
    queryKey: groupKeys.descendants(groupId, depth),
    queryFn: ({ signal }) => listGroupDescendants(groupId, depth, signal),
  });
}

export function groupAuditLogListQueryOptions(params: GroupAuditLogListParams) {
  return queryOptions({
    queryKey: groupKeys.auditLogList(params),
    queryFn: ({ signal }) => listGroupAuditLogs(params, signal),
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/** Every group write changes the flat list, the descendant sets and the audit trail. */
function invalidateGroupStructure(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: groupKeys.allDescendants() }),
    queryClient.invalidateQueries({ queryKey: groupKeys.auditLogs() }),
  ]);
}

export function useCreateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      return invalidateGroupStructure(queryClient);
    },
  });
}

export function useUpdateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: UpdateGroupRequest }) =>
      updateGroup(groupId, body),
    onSuccess: (group, { body }) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      // A rename or a move changes the fullPath of every group below it.
      const pathsBelowChanged = body.name !== undefined || body.parentId !== undefined;
      return Promise.all([
        invalidateGroupStructure(queryClient),
        pathsBelowChanged &&
          queryClient.invalidateQueries({
            queryKey: groupKeys.details(),
            predicate: (query) => query.queryKey[2] !== group.id,
          }),
      ]);
    },
  });
}

export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_result, groupId) => {
      queryClient.removeQueries({ queryKey: [...groupKeys.details(), groupId] });
      return invalidateGroupStructure(queryClient);
    },
  });
}

export function useBulkImportGroupsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkImportGroups,
    onSuccess: () => invalidateGroupStructure(queryClient),
  });
}

export function useBulkMoveGroupsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMoveGroups,
    // Partial success is possible, so refresh even when a move failed; paths below moved groups change too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.details() }),
        invalidateGroupStructure(queryClient),
      ]),
  });
}
