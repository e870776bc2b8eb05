import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  Kbd,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { UnsavedWork } from '@/api/session';
import { useConfirmation } from '@/components/confirm-dialog';
import { ShellContent } from '@/components/page-loader';
import { BulkDialogsHost } from '@/components/bulk/bulk-dialogs-host';
import { CommandPaletteHost, useCommandPaletteLauncher } from '@/features/search/palette-launcher';
import { paletteShortcutLabel } from '@/features/search/palette-store';
import { WhatsNewButton } from '@/features/watch/whats-new-button';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { preloadPageCode } from '@/lib/preload-page-code';
import { redirectBackTo } from '@/lib/safe-redirect';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { RateLimitNotice } from './rate-limit-notice';
import { ReauthDialog } from './reauth-dialog';
import { useIdlePageCodePreload } from './use-idle-page-code-preload';
import { useNewVersion } from './use-new-version';
import { useSessionExpiryWarning } from './use-session-expiry-warning';
import { UserText } from '@/components/user-text';
import classes from './app-layout.module.css';

const navigation = [
  { to: '/', label: 'Overview' },
  { to: '/users', label: 'Users' },
  { to: '/groups', label: 'Groups' },
  { to: '/vehicles', label: 'Vehicles' },
  { to: '/fleet-map', label: 'Fleet map' },
  { to: '/devices', label: 'Devices' },
  { to: '/geofences', label: 'Geofences' },
  { to: '/events', label: 'Safety events' },
  { to: '/scorecards', label: 'Scorecards' },
  { to: '/coaching', label: 'Coaching backlog' },
  { to: '/driver-assignments', label: 'Driver assignments' },
  { to: '/dispatch', label: 'Dispatch upload' },
  { to: '/settings', label: 'Settings' },
] as const;

/**
 * The pages whose code loads once the shell is quiet and idle: the two maps first (their map
 * library is about 450 KiB, the longest wait a click can meet), then the lists, and after the
 * review queue the event page it opens (any event's address loads the same code). The upload is
 * left to its link: its file parsers are large and it is seldom opened.
 */
const PAGES_TO_PRELOAD = [
  '/geofences',
  '/fleet-map',
  '/users',
  '/groups',
  '/vehicles',
  '/devices',
  '/events',
  '/events/00000000-0000-0000-0000-000000000000',
  '/scorecards',
  '/driver-assignments',
];

/**
 * The path whose navigation item is current: an event opened from another page (a scorecard, a
 * vehicle) belongs to that page's section, not to the review queue.
 */
function sectionPath(location: { pathname: string; search: { back?: string } }): string {
  const { pathname, search } = location;
  return pathname.startsWith('/events/') && search.back ? search.back : pathname;
}

/** The signed-in shell: navigation, header with the user menu, and the session dialogs. */
export function AppLayout() {
  const [navigationOpen, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const section = useRouterState({ select: (state) => sectionPath(state.location) });
  const palette = useCommandPaletteLauncher();
  const router = useRouter();
  // A link under the pointer or the keyboard's focus starts loading its page's code at once; the
  // router's own intent preload (code and data) follows 50 ms later, as a passing pointer does
  // not stay that long. Code only: it costs no service request, and each chunk loads once.
  const preloadCodeOf = (to: string) => () => preloadPageCode(router, to);
  const [shortcutsOpen, shortcuts] = useDisclosure();
  const { signOut, signOutDialog } = useSignOut();
  useSignedOutRedirect();
  useSessionExpiryWarning();
  useIdlePageCodePreload(PAGES_TO_PRELOAD);
  useNewVersion();

  useEffect(closeNavigation, [pathname, closeNavigation]);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding="md"
    >
      <SkipToMainContent />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          {/* On the narrowest phones the title gives way (an ellipsis), never the buttons. */}
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={navigationOpen}
              onClick={toggleNavigation}
              hiddenFrom="sm"
              size="sm"
              aria-label={navigationOpen ? 'Close navigation' : 'Open navigation'}
            />
            <Title
              order={2}
              size="h4"
              fz={{ base: 'md', sm: 'lg' }}
              miw={0}
              style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              Fleet Console
            </Title>
            <DemoBadge />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <SearchButton onOpen={palette.open} onIntent={palette.preload} />
            <WhatsNewButton />
            <ThemeToggle />
            <UserMenu onSignOut={signOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          {navigation.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              // The section below decides what is current, not the router's own path matching.
              activeOptions={{ exact: true }}
              label={item.label}
              onMouseEnter={preloadCodeOf(item.to)}
              onFocus={preloadCodeOf(item.to)}
              active={item.to === '/' ? section === '/' : section.startsWith(item.to)}
              aria-current={
                (item.to === '/' ? section === '/' : section.startsWith(item.to))
                  ? 'page'
                  : undefined
              }
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <RateLimitNotice />
        <ShellContent>
          <Outlet />
        </ShellContent>
      </AppShell.Main>
      <CommandPaletteHost
        requested={palette.requested}
        onShowKeyboardShortcuts={shortcuts.open}
        onSignOut={signOut}
      />
      {signOutDialog}
      <KeyboardShortcutsDialog opened={shortcutsOpen} onClose={shortcuts.close} />
      <BulkDialogsHost />
      <ReauthDialog />
      {/* Only signed-in pages notify, so the sign-in page does not load the notifications code. */}
      {/* Below the header, never over its menu, search and account buttons (a phone's toast is
          as wide as the screen). */}
      {/* On a phone the open navigation fills the top of the screen: toasts rise from the foot. */}
      <Notifications
        position={phone ? 'bottom-center' : 'top-right'}
        classNames={{ root: classes.toasts }}
      />
    </AppShell>
  );
}

const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key, so keyboard users can pass the header and the navigation. */
function SkipToMainContent() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(event) => {
        // Focus by hand: a hash change would reach the router as a navigation.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/** Signing out here or in another tab (or giving up on re-authentication) returns to /login. */
function useSignedOutRedirect() {
  const { session } = useSessionSnapshot();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session) return;
    queryClient.clear();
    // Read once, not subscribed: while the login page loads, the location is already /login, and
    // reacting to it would wrap login addresses into each other without end.
    const { pathname, href } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate({
      to: '/login',
      search: { redirect: redirectBackTo(href) },
      replace: true,
    });
  }, [session, router, queryClient]);
}

function DemoBadge() {
  const { demo } = useRuntime();
  if (!demo) return null;
  return (
    <Tooltip label="Data comes from the built-in demo service, not the real one">
      <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
        Demo{demo.scale > 1 ? ` ×${demo.scale}` : ''}
      </Badge>
    </Tooltip>
  );
}

/** Opens the command palette; phones get the icon alone. */
function SearchButton({ onOpen, onIntent }: { onOpen: () => void; onIntent: () => void }) {
  const shortcut = paletteShortcutLabel();
  const keyShortcuts = 'Control+K Meta+K';
  return (
    <>
      <Button
        variant="default"
        visibleFrom="sm"
        onClick={onOpen}
        onMouseEnter={onIntent}
        onFocus={onIntent}
        aria-keyshortcuts={keyShortcuts}
        // The key hint is for the eye; aria-keyshortcuts tells assistive technology.
        rightSection={
          <Kbd size="xs" aria-hidden="true" className="key-hint">
            {shortcut}
          </Kbd>
        }
      >
        Search
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={onOpen}
        onFocus={onIntent}
        aria-keyshortcuts={keyShortcuts}
        aria-label="Search"
      >
        <SearchIcon />
      </ActionIcon>
    </>
  );
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <line x1="10.4" y1="10.4" x2="14" y2="14" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** "maria.lopez" → "ML": a username's first letters, for a button with no room for the name. */
function initialsOf(username: string): string {
  const parts = username.split(/[._\s@-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      // Phones keep the header's room for the title and search; the palette and Settings switch it.
      visibleFrom="sm"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} theme`}
    >
      <span aria-hidden="true">{computed === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}

/**
 * Signing out from the shell (account menu, command palette). The signed-out watcher then takes
 * the user to /login (with a way back here). Unsaved work, here or in another tab, is never dropped
 * without asking; another tab keeps its own until its user decides there.
 */
function useSignOut(): { signOut: () => void; signOutDialog: ReactNode } {
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

function UserMenu({ onSignOut }: { onSignOut: () => void }) {
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
