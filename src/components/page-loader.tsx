import { msg } from '@lingui/core/macro';
import { Center, Group, Loader, Stack, Title, type MantineSize } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { translate } from '@/i18n/translate';

// The router's loading state comes with the sign-in page, which carries no translation library:
// `msg` and `translate` (English until the catalogs load).

/**
 * A loading indicator screen readers announce by name. The spinner itself is hidden from them:
 * Mantine's Loader is a plain span, where an aria-label is not allowed.
 */
export function LoadingStatus({ label, size }: { label?: string; size?: MantineSize }) {
  return (
    <Group role="status" aria-label={label ?? translate(msg`Loading`)} gap="xs" justify="center">
      <Loader size={size} aria-hidden="true" />
    </Group>
  );
}

/** What a page shows in place of its content until its data arrives. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center py="xl">
      <LoadingStatus label={label} />
    </Center>
  );
}

const InsideShell = createContext(false);

/** Marks the signed-in shell's content area, so route loading states know the shell is there. */
export function ShellContent({ children }: { children: ReactNode }) {
  return <InsideShell.Provider value>{children}</InsideShell.Provider>;
}

/**
 * The router's loading state. Inside the shell it is a spinner in the page's place; before the
 * shell's own code has arrived it stands in for the whole page, so it brings the landmark and
 * heading every page has.
 */
export function RoutePending() {
  if (useContext(InsideShell)) return <PageLoader />;
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Title order={1} size="h3">
          Fleet Console
        </Title>
        <LoadingStatus label={translate(msg`Loading the console`)} />
      </Stack>
    </Center>
  );
}
