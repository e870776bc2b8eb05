import { Select, Text, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '@/api/api-error';
import { groupListQueryOptions, type Group } from '@/api/groups';

/** Every group of the company in one request; the tree is built on the client (CONTRACT.md 3.3). */
export const allGroupsQueryOptions = () =>
  groupListQueryOptions({ page: { pageIndex: 0, pageSize: 10_000 }, encodeFullPath: false });

export interface GroupOption {
  value: string;
  label: string;
  depth: number;
}

/** "Northwest Region › Portland Depot": the path below the root, readable in a list. */
export function groupOptionsFromList(groups: readonly Group[]): GroupOption[] {
  return groups
    .map((group) => {
      const names = group.fullPath.split('\\').map((name) => safeDecode(name));
      const isRoot = group.id === group.rootGroupId;
      const path = isRoot ? names : names.slice(1);
      return { value: group.id, label: path.join(' › ') || group.name, depth: path.length - 1 };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The groups the user may pick from, or why there are none (the group routes need Group Manager). */
export function useGroupOptions(): {
  options: GroupOption[];
  groupsById: Map<string, Group>;
  isLoading: boolean;
  unavailableReason: string | null;
} {
  const query = useQuery(allGroupsQueryOptions());
  const groups = query.data?.items;
  const options = useMemo(() => groupOptionsFromList(groups ?? []), [groups]);
  const groupsById = useMemo(
    () => new Map((groups ?? []).map((group) => [group.id.toLowerCase(), group])),
    [groups],
  );
  let unavailableReason: string | null = null;
  if (query.error) {
    unavailableReason =
      isApiError(query.error) && query.error.code === 'FORBIDDEN'
        ? 'Choosing a group needs the Group Manager role.'
        : 'The group list could not be loaded.';
  }
  return { options, groupsById, isLoading: query.isLoading, unavailableReason };
}

type GroupPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (groupId: string | null) => void;
};

/** A searchable group chooser used wherever a page filters or assigns by group. */
export function GroupPicker({ value, onChange, label = 'Group', ...props }: GroupPickerProps) {
  const { options, isLoading, unavailableReason } = useGroupOptions();
  const depthByValue = useMemo(
    () => new Map(options.map((option) => [option.value, option.depth])),
    [options],
  );
  return (
    <Select
      label={label}
      searchable
      clearable
      nothingFoundMessage="No group matches"
      placeholder={isLoading ? 'Loading groups…' : 'Any group'}
      {...props}
      data={options}
      value={value}
      onChange={onChange}
      disabled={props.disabled || !!unavailableReason}
      description={unavailableReason ?? props.description}
      renderOption={({ option }) => {
        const path = option.label.split(' › ');
        return (
          <span style={{ paddingLeft: (depthByValue.get(option.value) ?? 0) * 12 }}>
            {path.at(-1)}
            {path.length > 1 && (
              <Text span size="xs" c="dimmed" ml={6}>
                {path.slice(0, -1).join(' › ')}
              </Text>
            )}
          </span>
        );
      }}
      maxDropdownHeight={320}
      limit={200}
    />
  );
}
