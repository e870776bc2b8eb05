import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { SafetyEvent } from '@/api/safety-events';
import { formatDateTime } from '@/lib/format';
import { collectNotes, noteKindLabel } from './event-format';

export function EventNotes({ event }: { event: SafetyEvent }) {
  // Redrawn in a newly chosen language: the note kinds and dates are words too.
  useLingui();
  const notes = collectNotes(event);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-notes-title">
      <Title order={2} size="h4" id="event-notes-title" mb="sm">
        <Trans>Notes</Trans>
      </Title>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No notes on this event.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.map(({ note, kind }) => (
            <li key={String(note.id)}>
              <Text size="xs" c="dimmed">
                {noteKindLabel(kind)} · {[note.firstName, note.lastName].filter(Boolean).join(' ')}{' '}
                · {formatDateTime(note.creationDate)}
              </Text>
              <Text size="sm">{note.body}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
