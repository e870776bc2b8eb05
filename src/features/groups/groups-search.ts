import { readGuid, searchSchema } from '@/lib/search-params';

/** The group tree page: the group shown in the detail panel. */
export const groupsSearchSchema = searchSchema({
  groupId: readGuid,
});
