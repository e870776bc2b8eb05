import { Center, Group, Loader, type MantineSize } from '@mantine/core';

/**
 * A loading indicator screen readers announce by name. The spinner itself is hidden from them:
 * Mantine's Loader is a plain span, where an aria-label is not allowed.
 */
export function LoadingStatus({ label = 'Loading', size }: { label?: string; size?: MantineSize }) {
  return (
    <Group role="status" aria-label={label} gap="xs" justify="center">
      <Loader size={size} aria-hidden="true" />
    </Group>
  );
}

/** What a page shows in place of its content until its data arrives. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <LoadingStatus label={label} />
    </Center>
  );
}
