import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useGroupOptions } from '@/api/group-options';
import { GroupPicker } from '@/components/group-picker';
import { UserText } from '@/components/user-text';
import type { PackedCandidate } from './geofence-import-session';

type Candidate = Pick<PackedCandidate, 'groupId' | 'groupName'>;

/**
 * Which group each imported geofence goes to: back to the group the file names when this company
 * has it, else to the group chosen in the panel (`chosenGroupId`, null for the company's top).
 */
export function useImportGroups(candidates: readonly Candidate[], chosenGroupId: string | null) {
  const groups = useGroupOptions();
  const groupsKnown = !groups.isLoading && !groups.unavailableReason;
  const hasGroup = (candidate: Candidate) =>
    !!candidate.groupId && groups.groupsById.has(candidate.groupId.toLowerCase());
  const keepingGroup = groupsKnown ? candidates.filter(hasGroup) : [];
  const unknownGroupNames: string[] = [];
  let unknownGroupCount = 0;
  if (groupsKnown) {
    for (const candidate of candidates) {
      if (!candidate.groupId || hasGroup(candidate)) continue;
      unknownGroupCount++;
      const name = candidate.groupName ?? candidate.groupId;
      if (!unknownGroupNames.includes(name)) unknownGroupNames.push(name);
    }
  }
  return {
    /** How many geofences go back to the group the file names. */
    keepingGroupCount: keepingGroup.length,
    /** How many name a group this company does not have, and those groups' names. */
    unknownGroupCount,
    unknownGroupNames,
    /** Some geofences name a group this company does not have, and none is chosen for them. */
    needsGroupChoice: unknownGroupCount > 0 && chosenGroupId === null,
    /** The picker shows unless every geofence keeps its own group. */
    showGroupPicker: candidates.length === 0 || keepingGroup.length < candidates.length,
    groupFor: (candidate: Candidate): string | null => {
      if (!candidate.groupId) return chosenGroupId;
      // Without the group list the service is the judge; it refuses a group it does not have.
      if (!groupsKnown) return candidate.groupId;
      return hasGroup(candidate) ? candidate.groupId : chosenGroupId;
    },
  };
}

/** Where the geofences go: those that keep the file's group, those whose group is not found. */
export function ImportGroupChoice({
  groups,
  ready,
  groupId,
  onGroupChange,
  disabled,
}: {
  groups: ReturnType<typeof useImportGroups>;
  /** How many geofences are ready to import. */
  ready: number;
  groupId: string | null;
  onGroupChange: (groupId: string | null) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const { keepingGroupCount, unknownGroupCount, unknownGroupNames } = groups;
  // The group names from the file, each quoted: data, not translated.
  const groupList = unknownGroupNames.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && ', '}“<UserText>{name}</UserText>”
    </Fragment>
  ));
  return (
    <>
      {keepingGroupCount > 0 && (
        <Text size="sm">
          {keepingGroupCount === ready
            ? t`Every geofence goes back to the group named in the file.`
            : plural(keepingGroupCount, {
                one: '# geofence goes back to the group named in the file.',
                other: '# geofences go back to the group named in the file.',
              })}
        </Text>
      )}
      {unknownGroupCount > 0 && (
        <Alert color="yellow" title={t`Groups not found`}>
          {unknownGroupNames.length === 1 ? (
            <Trans>
              The file places{' '}
              <Plural value={unknownGroupCount} one="# geofence" other="# geofences" /> in a group
              this company does not have: {groupList}. Choose the group for{' '}
              <Plural value={unknownGroupCount} one="it" other="them" /> below.
            </Trans>
          ) : (
            <Trans>
              The file places{' '}
              <Plural value={unknownGroupCount} one="# geofence" other="# geofences" /> in groups
              this company does not have: {groupList}. Choose the group for{' '}
              <Plural value={unknownGroupCount} one="it" other="them" /> below.
            </Trans>
          )}
        </Alert>
      )}
      {groups.showGroupPicker && (
        <GroupPicker
          label={
            unknownGroupCount > 0
              ? t`Group for geofences whose group is not found`
              : keepingGroupCount > 0
                ? t`Group for the other geofences`
                : t`Group for the imported geofences`
          }
          placeholder={t`Company (top group)`}
          value={groupId}
          onChange={onGroupChange}
          disabled={disabled}
          required={unknownGroupCount > 0}
          error={groups.needsGroupChoice ? t`Choose a group to import these geofences.` : undefined}
        />
      )}
    </>
  );
}
