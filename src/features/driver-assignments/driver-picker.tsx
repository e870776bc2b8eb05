import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { rolesQueryOptions, userListQueryOptions } from '@/api/users';
import { compareText } from '@/lib/collate';

/** Every driver in one request (drivers are people, not thousands of vehicles). */
const ALL_DRIVERS_PAGE = { pageIndex: 0, pageSize: 10_000 };

/** A searchable chooser of the company's drivers (users with the Driver role), by user ID. */
export function DriverPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (userId: string | null) => void;
}) {
  const { t } = useLingui();
  const rolesQuery = useQuery(rolesQueryOptions());
  const driverRoleId = rolesQuery.data?.find((role) => role.name?.toLowerCase() === 'driver')?.id;
  const driversQuery = useQuery({
    ...userListQueryOptions({
      page: ALL_DRIVERS_PAGE,
      roleId: driverRoleId === undefined ? undefined : [driverRoleId],
    }),
    // Without the roles list (or a Driver role) every user is offered rather than none.
    enabled: !rolesQuery.isPending,
  });
  const noName = t`(no name)`;
  const options = useMemo(() => {
    return (driversQuery.data?.items ?? [])
      .map((user) => {
        const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || noName;
        return {
          value: user.userId,
          label: user.employeeId ? `${name} (${user.employeeId})` : name,
        };
      })
      .sort((a, b) => compareText(a.label, b.label));
  }, [driversQuery.data, noName]);
  return (
    <Select
      label={t`Driver`}
      placeholder={driversQuery.isPending ? t`Loading drivers…` : t`Any driver`}
      description={driversQuery.error ? t`The driver list could not be loaded.` : undefined}
      searchable
      clearable
      nothingFoundMessage={t`No driver matches`}
      data={options}
      value={value}
      onChange={onChange}
      limit={100}
      maxDropdownHeight={320}
      w={260}
    />
  );
}
