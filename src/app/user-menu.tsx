import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import type { UnsavedWork } from '@/api/session';
import { useConfirmation } from '@/components/confirm-dialog';
import { UserText } from '@/components/user-text';

/** "maria.lopez" → "ML": a username's first letters, for a button with no room for the name. */
function initialsOf(username: string): string {
  const parts = username.split(/[._\s@-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/**
 * Signing out from the shell (account menu, command palette). The signed-out watcher then takes
 * the user to /login (with a way back here). Unsaved work, here or in another tab, is never dropped
 * without asking; another tab keeps its own until its user decides there.
 */
export function useSignOut(): { signOut: () => void; signOutDialog: ReactNode } {
  const { t, i18n } = useLingui();
  const { session: sessionManager } = useRuntime();
  const { confirm, confirmationDialog } = useConfirmation();
  const signOut = async () => {
    const unsaved = sessionManager.unsavedWork();
    if (unsaved.here || unsaved.inOtherTabs) {
      const confirmed = await confirm({
        title: unsaved.here
          ? t`Sign out and lose unsaved work?`
          : t`Sign out while another tab has unsaved work?`,
        message: describeUnsavedWorkAtSignOut(unsaved, i18n),
        confirmLabel: unsaved.here ? t`Sign out and discard changes` : t`Sign out`,
        danger: unsaved.here,
      });
      if (!confirmed) return;
    }
    sessionManager.signOut();
  };
  return { signOut: () => void signOut(), signOutDialog: confirmationDialog };
}

/** The account menu: who is signed in, Settings, the demo's reset, and signing out. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useLingui();
  const { session: sessionManager, demo } = useRuntime();
  const { session } = useSessionSnapshot();
  const { confirm, confirmationDialog } = useConfirmation();

  const resetDemo = async () => {
    if (!demo) return;
    const confirmed = await confirm({
      title: t`Reset demo data?`,
      message: t`Every change made in the demo (users, groups, vehicles, geofences, uploads) is discarded and the demo company is restored. You will be signed out.`,
      confirmLabel: t`Reset demo data`,
      danger: true,
    });
    if (!confirmed) return;
    await demo.resetData();
    sessionManager.signOut();
    notifications.show({ message: t`Demo data was reset. Sign in again to continue.` });
  };

  const username = session?.username;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            px={{ base: 'xs', sm: 'md' }}
            aria-label={username ? t`Account menu for ${username}` : t`Account menu`}
          >
            <Text size="sm" fw={500} truncate maw={180} visibleFrom="sm">
              <UserText>{session?.username}</UserText>
            </Text>
            {/* Phones show initials, keeping room for the title, the demo badge and the bell. */}
            <Text size="sm" fw={500} hiddenFrom="sm" aria-hidden="true">
              <bdi>{initialsOf(session?.username ?? '')}</bdi>
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Trans>
              Signed in as <UserText>{username}</UserText>
            </Trans>
          </Menu.Label>
          <Menu.Item component={Link} to="/settings">
            <Trans>Settings</Trans>
          </Menu.Item>
          {demo && (
            <Menu.Item color="orange" onClick={() => void resetDemo()}>
              <Trans>Reset demo data</Trans>
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item onClick={onSignOut}>
            <Trans>Sign out</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {confirmationDialog}
    </>
  );
}

function describeUnsavedWorkAtSignOut({ here, inOtherTabs }: UnsavedWork, i18n: I18n): string {
  return [
    here ? i18n._(msg`Changes you have not saved on this page will be lost.`) : '',
    inOtherTabs
      ? i18n._(
          msg`Another tab of the console has unsaved changes: it keeps them on screen and asks there whether to sign in again and continue, or to discard them.`,
        )
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
