import { msg } from '@lingui/core/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLocale } from '@/i18n/locale';
import { translate } from '@/i18n/translate';

/**
 * The router's page for an address no route has. It loads with the sign-in page and may show
 * outside the signed-in shell (no Lingui provider there), so it translates as sign-in code does
 * (see src/i18n/translate.ts), following the language with useLocale.
 */
export function NotFoundPage() {
  useLocale();
  return (
    <Stack p="xl" align="flex-start">
      <Title order={1}>{translate(msg`Page not found`)}</Title>
      <Text c="dimmed">
        {translate(
          msg`There is nothing at this address. It may have moved, or the link is mistyped.`,
        )}
      </Text>
      <Button component={Link} to="/">
        {translate(msg`Go to the overview`)}
      </Button>
    </Stack>
  );
}
