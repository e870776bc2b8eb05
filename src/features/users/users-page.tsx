import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  rolesQueryOptions,
  buildRolesById,
  listUsers,
  userListQueryOptions,
  type User,
} from '@/api/users';
import { AnchorLink } from '@/components/anchor-link';
import { ChangeButton, useChangesAllowed } from '@/components/change-control';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListQuery } from '@/components/list/use-list-query';
import { useListedChoice } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { compareText } from '@/lib/collate';
import { isOneOf } from '@/lib/one-of';
import { useUserBulkActions } from './user-bulk-actions';
import { roleLabel, userStatusLabel, userStatusOptions } from './user-labels';
import { fullName } from './user-name';
import { userStatuses, type UserStatus } from './user-status';
import { DEFAULT_USERS_PAGE_SIZE, usersListParams } from './users-search';

const route = getRouteApi('/_auth/users/');
/** The user list states no largest page (its default is 10,000): pages of 1,000 stay quick. */
const USER_EXPORT_PAGE_SIZE = 1000;

function isUserStatus(value: string): value is UserStatus {
  return isOneOf(userStatuses, value);
}

export function UsersPage() {
  const { t, i18n } = useLingui();
  const { allowed: changesAllowed } = useChangesAllowed();
  const { url, query: usersQuery } = useListQuery(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_USERS_PAGE_SIZE,
    query: (search) => userListQueryOptions(usersListParams(search)),
  });
  const { search, setFilters, replaceFilters } = url;
  const bulkActions = useUserBulkActions();
  const rolesQuery = useQuery(rolesQueryOptions());
  const roleId = useListedChoice(
    search.roleId,
    rolesQuery.data?.map((role) => role.id),
    () => replaceFilters({ roleId: undefined }),
  );
  const listParams = usersListParams({ ...search, roleId });
  const rolesById = useMemo(() => buildRolesById(rolesQuery.data ?? []), [rolesQuery.data]);
  const roleOptions = useMemo(
    () =>
      (rolesQuery.data ?? [])
        .map((role) => ({ value: String(role.id), label: roleLabel(role.id, role.name) }))
        .sort((a, b) => compareText(a.label, b.label)),
    // The labels follow the chosen language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rolesQuery.data, i18n.locale],
  );
  const roleNames = (user: User) => [
    ...new Set(
      (user.groupRoles ?? []).map((role) =>
        roleLabel(role.roleId, rolesById.get(role.roleId)?.name),
      ),
    ),
  ];

  const columns: ListColumn<User>[] = [
    {
      accessor: 'name',
      title: t`Name`,
      sortValue: (user) => fullName(user),
      exportValue: (user) => fullName(user),
      render: (user) => (
        <AnchorLink to="/users/$userId" params={{ userId: user.userId }}>
          {fullName(user)}
        </AnchorLink>
      ),
    },
    {
      accessor: 'username',
      title: t`Username`,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (user) => user.username,
      exportValue: (user) => user.username,
    },
    {
      accessor: 'employeeId',
      title: t`Employee ID`,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (user) => user.employeeId,
      exportValue: (user) => user.employeeId,
    },
    {
      accessor: 'email',
      title: t`Email`,
      visibleMediaQuery: '(min-width: 64em)',
      sortValue: (user) => user.email,
      exportValue: (user) => user.email,
    },
    {
      accessor: 'status',
      title: t`Status`,
      sortValue: (user) => user.status,
      exportValue: (user) => (user.status ? userStatusLabel(user.status) : user.status),
      render: (user) => (
        <Badge variant="light" color={user.status === 'Active' ? 'green' : 'gray'}>
          {user.status ? userStatusLabel(user.status) : t`Unknown`}
        </Badge>
      ),
    },
    {
      accessor: 'groupRoles',
      title: t`Roles`,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (user) => roleNames(user).join(', '),
      render: (user) => {
        const names = roleNames(user).join(', ');
        return (
          <Text size="sm" lineClamp={1} title={names}>
            {names || '—'}
          </Text>
        );
      },
    },
  ];

  const listController = useListController<User>({
    label: t`Users`,
    storeKey: 'users',
    list: usersQuery,
    columns,
    idAccessor: 'userId',
    paging: url,
    filtered: !!(search.q || search.groupId || roleId !== undefined || search.status),
    bulk: { actions: bulkActions, describeRow: fullName },
    exportAll: {
      fetchPage: (page, signal) => listUsers({ ...listParams, page }, signal),
      pageSize: USER_EXPORT_PAGE_SIZE,
    },
  });
  return (
    <Stack>
      <PageHeader
        title={t`Users`}
        description={t`People in the company, their sign-in and their roles in groups.`}
        actions={
          // Offline there is nothing to go to: the form could not be sent.
          changesAllowed ? (
            <Button component={Link} to="/users/new">
              <Trans>New user</Trans>
            </Button>
          ) : (
            <ChangeButton>
              <Trans>New user</Trans>
            </ChangeButton>
          )
        }
      />
      <DataList<User>
        controller={listController}
        filters={
          <>
            <ListTextFilter
              label={t`Search`}
              placeholder={t`Name, username or employee ID`}
              value={search.q}
              onChange={(q) => setFilters({ q })}
              width={280}
            />
            <ListGroupFilter
              value={search.groupId}
              onChange={(groupId) => setFilters({ groupId })}
            />
            <Select
              label={t`Role`}
              placeholder={t`Any role`}
              data={roleOptions}
              searchable
              clearable
              value={roleId === undefined ? null : String(roleId)}
              onChange={(roleId) =>
                setFilters({ roleId: roleId === null ? undefined : Number(roleId) })
              }
              w={{ base: '100%', sm: 200 }}
            />
            <Select
              label={t`Status`}
              placeholder={t`Any status`}
              data={userStatusOptions()}
              clearable
              value={search.status ?? null}
              onChange={(status) =>
                setFilters({ status: status && isUserStatus(status) ? status : undefined })
              }
              w={{ base: '100%', sm: 160 }}
            />
          </>
        }
      />
    </Stack>
  );
}
