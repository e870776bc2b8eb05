import 'mantine-datatable/styles.layer.css';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { rolesQueryOptions, buildRolesById, userListQueryOptions, type User } from '@/api/users';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker } from '@/components/group-picker';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { fullName } from './user-name';
import { DEFAULT_USERS_PAGE_SIZE, usersListParams } from './users-search';

const route = getRouteApi('/_auth/users/');

export function UsersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const usersQuery = useQuery({
    ...userListQueryOptions(usersListParams(search)),
    placeholderData: keepPreviousData,
  });
  const rolesQuery = useQuery(rolesQueryOptions());
  const rolesById = useMemo(() => buildRolesById(rolesQuery.data ?? []), [rolesQuery.data]);
  const [searchText, setSearchText] = useState(search.q ?? '');
  const applySearchText = useDebouncedCallback((value: string) => {
    void navigate({
      search: (previous) => ({ ...previous, q: value.trim() || undefined, page: undefined }),
    });
  }, 300);

  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_USERS_PAGE_SIZE;

  return (
    <Stack>
      <PageHeader
        title="Users"
        description="People in the company, their sign-in and their roles in groups."
        actions={
          <Button component={Link} to="/users/new">
            New user
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, username or employee ID"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearchText(event.currentTarget.value);
          }}
          w={280}
          maxLength={100}
        />
        <GroupPicker
          label="Group (with subgroups)"
          value={search.groupId ?? null}
          onChange={(groupId) =>
            void navigate({
              search: (previous) => ({
                ...previous,
                groupId: groupId ?? undefined,
                page: undefined,
              }),
            })
          }
          w={320}
        />
      </Group>
      {usersQuery.error ? (
        <QueryErrorAlert
          title="The users could not be loaded"
          error={usersQuery.error}
          onRetry={() => void usersQuery.refetch()}
        />
      ) : (
        <DataTable<User>
          aria-label="Users"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          idAccessor="userId"
          records={usersQuery.data?.items ?? []}
          fetching={usersQuery.isFetching}
          loaderType="dots"
          noRecordsText={
            search.q || search.groupId ? 'No users match these filters' : 'No users yet'
          }
          totalRecords={usersQuery.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, page: next }) })
          }
          recordsPerPageOptions={[10, 25, 50, 100]}
          onRecordsPerPageChange={(size) =>
            void navigate({
              search: (previous) => ({ ...previous, pageSize: size, page: undefined }),
            })
          }
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            {
              accessor: 'name',
              title: 'Name',
              render: (user) => (
                <AnchorLink to="/users/$userId" params={{ userId: user.userId }}>
                  {fullName(user)}
                </AnchorLink>
              ),
            },
            { accessor: 'username', title: 'Username', visibleMediaQuery: '(min-width: 48em)' },
            {
              accessor: 'employeeId',
              title: 'Employee ID',
              visibleMediaQuery: '(min-width: 48em)',
            },
            { accessor: 'email', title: 'Email', visibleMediaQuery: '(min-width: 64em)' },
            {
              accessor: 'status',
              title: 'Status',
              render: (user) => (
                <Badge variant="light" color={user.status === 'Active' ? 'green' : 'gray'}>
                  {user.status ?? 'Unknown'}
                </Badge>
              ),
            },
            {
              accessor: 'groupRoles',
              title: 'Roles',
              visibleMediaQuery: '(min-width: 48em)',
              render: (user) => {
                const names = [
                  ...new Set(
                    (user.groupRoles ?? []).map(
                      (role) => rolesById.get(role.roleId)?.name ?? `Role ${role.roleId}`,
                    ),
                  ),
                ];
                return (
                  <Text size="sm" lineClamp={1} title={names.join(', ')}>
                    {names.join(', ') || '—'}
                  </Text>
                );
              },
            },
          ]}
        />
      )}
    </Stack>
  );
}
