import { Paper, Stack, Text, Title } from '@mantine/core';
import type { SafetyEvent } from '@/api/safety-events';
import { formatDateTime } from '@/lib/format';
import { collectNotes } from './event-format';

export function EventNotes({ event }: { event: SafetyEvent }) {
  const notes = collectNotes(event);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-notes-title">
      <Title order={2} size="h4" id="event-notes-title" mb="sm">
        Notes
      </Title>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes on this event.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.map(({ note, kind }) => (
            <li key={String(note.id)}>
              <Text size="xs" c="dimmed">
                {kind} note · {[note.firstName, note.lastName].filter(Boolean).join(' ')} ·{' '}
                {formatDateTime(note.creationDate)}
              </Text>
              <Text size="sm">{note.body}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
