import { useQuery } from '@tanstack/react-query';
import {
  toUserSearchEntry,
  userSearchIndexQueryOptions,
  type User,
  type UserSearchEntry,
  type UserSearchIndex,
} from '@/api/users';
import { compareText } from '@/lib/collate';
import { rankMatches, type RankedMatch, type SearchField } from '@/lib/search/prefix-match';

export type { UserSearchEntry, UserSearchIndex };

type UserMatchField = 'name' | 'username' | 'employeeId' | 'email';
export type UserMatch = RankedMatch<UserSearchEntry, UserMatchField>;

/** "Maria Lopez", or the username when the name is missing. */
export function userDisplayName(user: UserSearchEntry): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username || user.email || user.userId;
}

function userFields(user: UserSearchEntry): SearchField<UserMatchField>[] {
  return [
    {
      field: 'name',
      value: [user.firstName, user.lastName].filter(Boolean).join(' '),
      kind: 'text',
    },
    { field: 'username', value: user.username, kind: 'text' },
    { field: 'employeeId', value: user.employeeId, kind: 'identifier' },
    { field: 'email', value: user.email, kind: 'text' },
  ];
}

/**
 * Users whose name (first or last), username, employee ID or email starts with `text`, best
 * first. Pure, like the other matchers.
 */
export function matchUsers(
  index: Pick<UserSearchIndex, 'users'>,
  text: string,
  limit?: number,
): UserMatch[] {
  return rankMatches(index.users, text, userFields, userDisplayName, limit);
}

/**
 * The index's matches with those of a service search (which finds users created since the index
 * was read, or beyond its cap), one per user, best first. The service's answers are held to the
 * same prefix rule, so both sources agree on what matches.
 */
export function mergeUserMatches(
  indexMatches: readonly UserMatch[],
  serviceUsers: readonly User[],
  text: string,
  limit?: number,
): UserMatch[] {
  const serviceMatches = matchUsers({ users: serviceUsers.map(toUserSearchEntry) }, text);
  const byId = new Map<string, UserMatch>();
  for (const match of [...serviceMatches, ...indexMatches]) {
    const key = match.item.userId.toLowerCase();
    const known = byId.get(key);
    // The service's copy is the fresher one; an equal rank keeps it.
    if (!known || match.rank < known.rank) byId.set(key, match);
  }
  const ordered = [...byId.values()].sort(
    (a, b) => a.rank - b.rank || compareText(userDisplayName(a.item), userDisplayName(b.item)),
  );
  return limit === undefined ? ordered : ordered.slice(0, limit);
}

/** Every user of the company (up to a cap), read once in the background and kept for minutes. */
export function useUserSearchIndex({ enabled = true } = {}) {
  return useQuery({ ...userSearchIndexQueryOptions(), enabled });
}
