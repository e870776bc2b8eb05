import type { UserListParams } from '@/api/users';
import {
  pageRequestOf,
  readGuid,
  readInt,
  readListColumns,
  readOneOf,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';
import { userStatuses } from './user-status';

/** The users list's filters and paging, kept in the URL so a view can be bookmarked. */
export const usersSearchSchema = searchSchema({
  q: (value) => readString(value, 100),
  groupId: readGuid,
  /** Users holding this role in some group. */
  roleId: (value) => readInt(value, { min: 0 }),
  status: (value) => readOneOf(value, userStatuses),
  /** 1-based, as people count pages. */
  page: (value) => readInt(value, { min: 1 }),
  pageSize: (_value, search) => readPageSizeParam(search),
  /** A shared view's columns. */
  columns: readListColumns,
});
export type UsersSearch = ReturnType<typeof usersSearchSchema>;

export const DEFAULT_USERS_PAGE_SIZE = 25;

export function usersListParams(search: UsersSearch): UserListParams {
  return {
    page: pageRequestOf(search, DEFAULT_USERS_PAGE_SIZE),
    searchText: search.q,
    groupId: search.groupId ? [search.groupId] : undefined,
    includeSubGroups: search.groupId ? true : undefined,
    roleId: search.roleId === undefined ? undefined : [search.roleId],
    status: search.status ? [search.status] : undefined,
  };
}
