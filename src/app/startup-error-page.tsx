import { msg } from '@lingui/core/macro';
import { Alert, Code, Container, List, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { isConfigError } from '@/config/load-config';
import { translate } from '@/i18n/translate';
import { cssVariablesResolver, theme } from './theme';

/**
 * Shown when the console cannot start (most often an invalid config.json). It loads with the
 * sign-in page: in English when it shows before the catalogs (they are not fetched for it, as the
 * network may be why the console could not start), in the chosen language when they had loaded
 * (the demo service failing after sign-in).
 */
export function StartupErrorPage({ error }: { error: unknown }) {
  const configError = isConfigError(error) ? error : null;
  // One sentence for the translators; the file's name is then set in code type.
  const fileName = 'config.json';
  const [before, after] = translate(
    msg`The console reads its service addresses from ${fileName} next to the app. Ask whoever deployed it to correct the file, then reload.`,
  ).split(fileName);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>{translate(msg`Fleet Console cannot start`)}</Title>
          <Alert
            color="red"
            title={
              configError ? translate(msg`Configuration problem`) : translate(msg`Start-up failed`)
            }
          >
            <Text>
              {error instanceof Error
                ? error.message
                : translate(msg`An unexpected error occurred.`)}
            </Text>
            {configError && configError.problems.length > 0 && (
              <List mt="sm" size="sm">
                {configError.problems.map((problem) => (
                  <List.Item key={problem}>
                    <Code>{problem}</Code>
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
          <Text size="sm" c="dimmed">
            {before}
            <Code>{fileName}</Code>
            {after}
          </Text>
        </Stack>
      </Container>
    </MantineProvider>
  );
}
