import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { useGroupTree } from '@/api/group-options';
import { PageHeader } from '@/components/page-header';

const views = [
  { to: '/groups', label: msg`Tree` },
  { to: '/groups/audit', label: msg`Audit log` },
] as const;

/**
 * The group area's frame: every group route needs the Group Manager role (the Groups API's `info`
 * description).
 */
export function GroupsLayout() {
  const { t, i18n } = useLingui();
  const { query } = useGroupTree();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const forbidden = isApiError(query.error) && query.error.code === 'FORBIDDEN';
  const currentView = pathname.startsWith('/groups/audit') ? '/groups/audit' : '/groups';

  return (
    <Stack>
      <PageHeader
        title={t`Groups`}
        description={t`The company's organisation tree: where users, vehicles and devices belong.`}
      />
      {forbidden ? (
        <GroupManagerRequired />
      ) : (
        <>
          <nav aria-label={t`Group views`}>
            <Group gap="xs">
              {views.map((view) => (
                <Button
                  key={view.to}
                  component={Link}
                  to={view.to}
                  size="xs"
                  variant={currentView === view.to ? 'filled' : 'default'}
                  aria-current={currentView === view.to ? 'page' : undefined}
                >
                  {i18n._(view.label)}
                </Button>
              ))}
            </Group>
          </nav>
          <Outlet />
        </>
      )}
    </Stack>
  );
}

function GroupManagerRequired() {
  const { t } = useLingui();
  return (
    <Alert color="yellow" title={t`Group Manager role needed`} maw={720}>
      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            Managing groups needs the Group Manager role. Your account does not have it, so the
            group tree, its changes and the group audit log are not available to you.
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            Ask an administrator to give you the Group Manager role. Everything else in the console
            works as before; group choices on other pages offer the groups you hold roles in.
          </Trans>
        </Text>
      </Stack>
    </Alert>
  );
}
