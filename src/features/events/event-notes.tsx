import { Paper, Stack, Text, Title } from '@mantine/core';
import type { SafetyEvent, SafetyEventNote } from '@/api/safety-events';
import { formatDateTime } from '@/lib/format';

type NoteKind = 'Review' | 'Coaching' | 'Event' | 'Note';

/** The four note lists can repeat a note (the service copies notes into their kind): show it once. */
function collectNotes(event: SafetyEvent): { note: SafetyEventNote; kind: NoteKind }[] {
  const byId = new Map<string, { note: SafetyEventNote; kind: NoteKind }>();
  const add = (notes: SafetyEventNote[] | null | undefined, kind: NoteKind) => {
    for (const note of notes ?? []) {
      const key = String(note.id);
      if (!byId.has(key)) byId.set(key, { note, kind });
    }
  };
  add(event.reviewNotes, 'Review');
  add(event.coachingSessionNotes, 'Coaching');
  add(event.eventNotes, 'Event');
  add(event.notes, 'Note');
  return [...byId.values()].sort((a, b) => a.note.creationDate.localeCompare(b.note.creationDate));
}

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
