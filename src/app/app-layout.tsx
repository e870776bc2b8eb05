import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AppShell,
  Burger,
  Group,
  MantineThemeProvider,
  NavLink,
  ScrollArea,
  Title,
  type MantineThemeOverride,
} from '@mantine/core';
import { useDisclosure, useElementSize, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import { BulkDialogsHost } from '@/components/bulk/bulk-dialogs-host';
import { ShellContent } from '@/components/page-loader';
import { CommandPaletteHost, useCommandPaletteLauncher } from '@/features/search/palette-launcher';
import { WhatsNewButton } from '@/features/watch/whats-new-button';
import { ConsoleI18nProvider } from '@/i18n/i18n-provider';
import { preloadPageCode } from '@/lib/preload-page-code';
import classes from './app-layout.module.css';
import { ConnectionBanner } from './connection-banner';
import { DemoBadge, SearchButton, ThemeToggle } from './header-buttons';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { RateLimitNotice } from './rate-limit-notice';
import { ReauthDialog } from './reauth-dialog';
import { ShownDataAge } from './shown-data-age';
import { useIdlePageCodePreload } from './use-idle-page-code-preload';
import { useNewVersion } from './use-new-version';
import { useSessionExpiryWarning } from './use-session-expiry-warning';
import { useSignedOutRedirect } from './use-signed-out-redirect';
import { UserMenu, useSignOut } from './user-menu';

const navigation = [
  { to: '/', label: msg`Overview` },
  { to: '/users', label: msg`Users` },
  { to: '/groups', label: msg`Groups` },
  { to: '/vehicles', label: msg`Vehicles` },
  { to: '/fleet-map', label: msg`Fleet map` },
  { to: '/devices', label: msg`Devices` },
  { to: '/geofences', label: msg`Geofences` },
  { to: '/events', label: msg`Safety events` },
  { to: '/scorecards', label: msg`Scorecards` },
  { to: '/coaching', label: msg`Coaching backlog` },
  { to: '/driver-assignments', label: msg`Driver assignments` },
  { to: '/dispatch', label: msg`Dispatch upload` },
  { to: '/settings', label: msg`Settings` },
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

/** The signed-in shell, in the chosen language. */
export function AppLayout() {
  return (
    <ConsoleI18nProvider>
      <TranslatedCloseButtons>
        <AppShellLayout />
      </TranslatedCloseButtons>
    </ConsoleI18nProvider>
  );
}

/**
 * Mantine's close buttons are icons without a name (screen readers would announce "button"): they
 * get one here, in the chosen language. Not in theme.ts, which loads with the sign-in page and its
 * budget; the pages before this shell show no dialog or closable alert.
 */
function TranslatedCloseButtons({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const labels = useMemo<MantineThemeOverride>(
    () => ({
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': t`Close dialog` } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t`Close panel` } } },
        Notification: {
          defaultProps: { closeButtonProps: { 'aria-label': t`Close notification` } },
        },
        Alert: { defaultProps: { closeButtonLabel: t`Dismiss` } },
      },
    }),
    [t],
  );
  return <MantineThemeProvider theme={labels}>{children}</MantineThemeProvider>;
}

/** The signed-in shell: navigation, header with the user menu, and the session dialogs. */
function AppShellLayout() {
  const { t, i18n } = useLingui();
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
  // The connection banner is part of the header: the page below (a map's full height included)
  // starts under it, so it never covers content and stays in view while the page scrolls.
  const { ref: connectionBannerRef, height: connectionBannerHeight } = useElementSize();

  return (
    <AppShell
      header={{ height: HEADER_BAR_HEIGHT + connectionBannerHeight }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding="md"
    >
      <SkipToMainContent />
      <AppShell.Header>
        <Group
          h={HEADER_BAR_HEIGHT}
          px={{ base: 'xs', sm: 'md' }}
          justify="space-between"
          wrap="nowrap"
        >
          {/* On the narrowest phones the title gives way (an ellipsis), never the buttons. */}
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={navigationOpen}
              onClick={toggleNavigation}
              hiddenFrom="sm"
              size="sm"
              aria-label={navigationOpen ? t`Close navigation` : t`Open navigation`}
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
            <ShownDataAge />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <SearchButton onOpen={palette.open} onIntent={palette.preload} />
            <WhatsNewButton />
            <ThemeToggle />
            <UserMenu onSignOut={signOut} />
          </Group>
        </Group>
        <div ref={connectionBannerRef}>
          <ConnectionBanner />
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t`Main navigation`}>
        <AppShell.Section grow component={ScrollArea}>
          {navigation.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              // The section below decides what is current, not the router's own path matching.
              activeOptions={{ exact: true }}
              label={i18n._(item.label)}
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
const HEADER_BAR_HEIGHT = 56;

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
      <Trans>Skip to main content</Trans>
    </a>
  );
}
