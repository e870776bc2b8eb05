import { useQuery } from '@tanstack/react-query';
import { groupLabelNames } from '@/api/group-tree';
import { allGroupsQueryOptions, type Group } from '@/api/groups';
import type { Page } from '@/api/paging';
import { compareText } from '@/lib/collate';
import { formatGroupPath } from '@/lib/group-path';
import {
  MATCH_RANK,
  prepareSearchQuery,
  rankTextMatch,
  type RankedMatch,
} from '@/lib/search/prefix-match';

/** The company's groups as one list, as the group endpoint returns them. */
export interface GroupSearchIndex {
  groups: Group[];
  /** False when the company has more groups than one read returns. */
  complete: boolean;
}

type GroupMatchField = 'name' | 'path';
export type GroupMatch = RankedMatch<Group, GroupMatchField>;

/** "Northwest Region › Portland Depot": the path below the root (the root keeps its own name). */
export function groupPathText(group: Group): string {
  return formatGroupPath(groupLabelNames(group));
}

/**
 * Groups whose name starts with `text` (or a word of it does), then groups whose path does
 * ("northwest port" finds Northwest Region › Portland Depot). A path match never outranks a name
 * match, or every group below "Northwest Region" would tie with it.
 */
export function matchGroups(
  index: Pick<GroupSearchIndex, 'groups'>,
  text: string,
  limit = Infinity,
): GroupMatch[] {
  const query = prepareSearchQuery(text);
  if (!query) return [];
  const matches: (GroupMatch & { path: string })[] = [];
  for (const group of index.groups) {
    const path = groupPathText(group);
    const nameRank = rankTextMatch(group.name, query);
    if (nameRank !== null) {
      matches.push({ item: group, rank: nameRank, field: 'name', path });
    } else if (rankTextMatch(path, query) !== null) {
      matches.push({ item: group, rank: MATCH_RANK.wordStart, field: 'path', path });
    }
  }
  matches.sort((a, b) => a.rank - b.rank || compareText(a.path, b.path));
  return matches.slice(0, limit).map(({ item, rank, field }) => ({ item, rank, field }));
}

/** Searching can live with a list minutes old; group writes refresh it anyway. */
const GROUP_INDEX_STALE_TIME_MS = 10 * 60_000;

function toGroupSearchIndex(page: Page<Group>): GroupSearchIndex {
  return { groups: page.items, complete: !page.hasMore };
}

/**
 * The company's groups (the list pickers and the groups page already share). Reading it needs
 * the Group Manager role: without it the query fails with FORBIDDEN.
 */
export function useGroupSearchIndex({ enabled = true } = {}) {
  return useQuery({
    ...allGroupsQueryOptions(),
    staleTime: GROUP_INDEX_STALE_TIME_MS,
    select: toGroupSearchIndex,
    enabled,
  });
}
