import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { userDetailQueryOptions } from '@/api/users';
import { PageHeader } from '@/components/page-header';
import { useAccessRule } from '@/components/use-access-rule';
import { userStatusLabel } from './user-labels';
import { fullName } from './user-name';
import { UserProfileSection } from './user-profile-section';
import { UserRolesSection } from './user-roles-section';

const route = getRouteApi('/_auth/users/$userId');

export function UserDetailPage() {
  const { t } = useLingui();
  const { userId } = route.useParams();
  const { data: user } = useSuspenseQuery(userDetailQueryOptions(userId));
  const { rule } = useAccessRule();
  // The service refuses edits to a user holding roles the editor could not have granted.
  const readOnly = !!rule && !rule.canManage(user.groupRoles ?? []);
  return (
    <Stack maw={880}>
      <PageHeader
        title={fullName(user)}
        description={
          <>
            {user.username} {user.employeeId ? `· ${user.employeeId}` : ''}{' '}
            <Badge variant="light" color={user.status === 'Active' ? 'green' : 'gray'} ml={4}>
              {user.status ? userStatusLabel(user.status) : t`Unknown`}
            </Badge>
          </>
        }
        actions={
          <Button variant="default" component={Link} to="/users">
            <Trans>Back to users</Trans>
          </Button>
        }
      />
      {readOnly && (
        <Alert color="gray" title={t`Read only`}>
          <Trans>
            This user holds roles you cannot grant (roles you do not hold, or outside your groups),
            so you can read but not change their profile or roles.
          </Trans>
        </Alert>
      )}
      {/* Keyed by user so switching users starts fresh forms, while refetches never wipe edits. */}
      <UserProfileSection key={`profile-${user.userId}`} user={user} readOnly={readOnly} />
      <UserRolesSection key={`roles-${user.userId}`} user={user} readOnly={readOnly} />
    </Stack>
  );
}
