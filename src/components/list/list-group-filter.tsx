import { useLingui } from '@lingui/react/macro';
import { Switch } from '@mantine/core';
import { GroupPicker } from '@/components/group-picker';

/**
 * A list's group filter. Where the service can leave subgroups out, `subgroups` adds the switch
 * for it; elsewhere the list always includes them and the label says so.
 */
export function ListGroupFilter({
  value,
  onChange,
  subgroups,
  width = 320,
}: {
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
  subgroups?: { included: boolean; onChange: (included: boolean) => void };
  width?: number;
}) {
  const { t } = useLingui();
  return (
    <>
      <GroupPicker
        label={subgroups ? t`Group` : t`Group (with subgroups)`}
        value={value ?? null}
        onChange={(groupId) => onChange(groupId ?? undefined)}
        w={{ base: '100%', sm: width }}
      />
      {subgroups && (
        <Switch
          label={t`Include subgroups`}
          mb={8}
          disabled={!value}
          checked={subgroups.included}
          onChange={(event) => subgroups.onChange(event.currentTarget.checked)}
        />
      )}
    </>
  );
}
