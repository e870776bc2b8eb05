import { Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from './page-header';

/** A plain placeholder for an area that is not built yet: no invented data. */
export function ComingNext({ title, summary }: { title: string; summary: string }) {
  return (
    <Stack>
      <PageHeader title={title} />
      <Paper withBorder p="lg">
        <Text fw={500}>Coming next</Text>
        <Text c="dimmed" size="sm">
          {summary}
        </Text>
      </Paper>
    </Stack>
  );
}
