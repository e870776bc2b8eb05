import { Alert, Code, Container, List, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { isConfigError } from '@/config/load-config';
import { cssVariablesResolver, theme } from './theme';

/** Shown when the console cannot start (most often an invalid config.json). */
export function StartupErrorPage({ error }: { error: unknown }) {
  const configError = isConfigError(error) ? error : null;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Fleet Console cannot start</Title>
          <Alert color="red" title={configError ? 'Configuration problem' : 'Start-up failed'}>
            <Text>{error instanceof Error ? error.message : 'An unexpected error occurred.'}</Text>
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
            The console reads its service addresses from <Code>config.json</Code> next to the app.
            Ask whoever deployed it to correct the file, then reload.
          </Text>
        </Stack>
      </Container>
    </MantineProvider>
  );
}
