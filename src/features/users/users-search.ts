import type { UserListParams } from '@/api/users';
import type { UserStatus } from './user-status';

/** The users list's filters and paging, kept in the URL so a view can be bookmarked. */
export interface UsersSearch {
  q?: string;
  groupId?: string;
  /** Users holding this role in some group. */
  roleId?: number;
  status?: UserStatus;
  /** 1-based, as people count pages. */
  page?: number;
  pageSize?: number;
  /** A shared view's columns. */
  columns?: string;
}

export const DEFAULT_USERS_PAGE_SIZE = 25;

export function usersListParams(search: UsersSearch): UserListParams {
  return {
    page: {
      pageIndex: (search.page ?? 1) - 1,
      pageSize: search.pageSize ?? DEFAULT_USERS_PAGE_SIZE,
    },
    searchText: search.q,
    groupId: search.groupId ? [search.groupId] : undefined,
    includeSubGroups: search.groupId ? true : undefined,
    roleId: search.roleId === undefined ? undefined : [search.roleId],
    status: search.status ? [search.status] : undefined,
  };
}
