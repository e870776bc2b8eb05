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
  const { session: sessionManager } = useRuntime();
  const { confirm, confirmationDialog } = useConfirmation();
  const signOut = async () => {
    const unsaved = sessionManager.unsavedWork();
    if (unsaved.here || unsaved.inOtherTabs) {
      const confirmed = await confirm({
        title: unsaved.here
          ? 'Sign out and lose unsaved work?'
          : 'Sign out while another tab has unsaved work?',
        message: describeUnsavedWorkAtSignOut(unsaved),
        confirmLabel: unsaved.here ? 'Sign out and discard changes' : 'Sign out',
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
  const { session: sessionManager, demo } = useRuntime();
  const { session } = useSessionSnapshot();
  const { confirm, confirmationDialog } = useConfirmation();

  const resetDemo = async () => {
    if (!demo) return;
    const confirmed = await confirm({
      title: 'Reset demo data?',
      message:
        'Every change made in the demo (users, groups, vehicles, geofences, uploads) is discarded and the demo company is restored. You will be signed out.',
      confirmLabel: 'Reset demo data',
      danger: true,
    });
    if (!confirmed) return;
    await demo.resetData();
    sessionManager.signOut();
    notifications.show({ message: 'Demo data was reset. Sign in again to continue.' });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            px={{ base: 'xs', sm: 'md' }}
            aria-label={`Account menu for ${session?.username ?? 'user'}`}
          >
            <Text size="sm" fw={500} truncate maw={180} visibleFrom="sm">
              {session?.username}
            </Text>
            {/* Phones show initials, keeping room for the title, the demo badge and the bell. */}
            <Text size="sm" fw={500} hiddenFrom="sm" aria-hidden="true">
              {initialsOf(session?.username ?? '')}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            Signed in as <UserText>{session?.username}</UserText>
          </Menu.Label>
          <Menu.Item component={Link} to="/settings">
            Settings
          </Menu.Item>
          {demo && (
            <Menu.Item color="orange" onClick={() => void resetDemo()}>
              Reset demo data
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item onClick={onSignOut}>Sign out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {confirmationDialog}
    </>
  );
}

function describeUnsavedWorkAtSignOut({ here, inOtherTabs }: UnsavedWork): string {
  return [
    here ? 'Changes you have not saved on this page will be lost.' : '',
    inOtherTabs
      ? 'Another tab of the console has unsaved changes: it keeps them on screen and asks there whether to sign in again and continue, or to discard them.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
