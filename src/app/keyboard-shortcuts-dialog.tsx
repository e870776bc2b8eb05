import { Modal, Stack, Text, Title } from '@mantine/core';
import { ShortcutList, type ShortcutHelp } from '@/components/shortcut-list';
import { eventShortcutHelp, queueShortcutHelp } from '@/features/events/review-shortcut-help';
import { paletteShortcutLabel } from '@/features/search/palette-store';

interface ShortcutSection {
  title: string;
  shortcuts: readonly ShortcutHelp[];
}

function shortcutSections(): ShortcutSection[] {
  return [
    {
      title: 'Anywhere',
      shortcuts: [
        {
          keys: [paletteShortcutLabel()],
          description: 'Find anything: pages, actions, users, vehicles, devices, groups, geofences',
        },
      ],
    },
    {
      title: 'In the search',
      shortcuts: [
        { keys: ['↓', '↑'], description: 'Choose a result' },
        { keys: ['Enter'], description: 'Open the chosen result' },
        { keys: ['Esc'], description: 'Close and return to where you were' },
      ],
    },
    { title: 'Safety event queue', shortcuts: queueShortcutHelp },
    { title: 'Safety event page', shortcuts: eventShortcutHelp },
  ];
}

/** Every keyboard shortcut of the console, opened from the command palette. */
export function KeyboardShortcutsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered size="lg">
      <Stack gap="md">
        {shortcutSections().map((section) => (
          <section key={section.title} aria-label={section.title}>
            <Title order={3} size="sm" mb={4}>
              {section.title}
            </Title>
            <ShortcutList
              label={section.title}
              shortcuts={section.shortcuts}
              headerHidden
              keysColumnWidth={140}
              verticalSpacing={4}
            />
          </section>
        ))}
        <Text size="xs" c="dimmed">
          Page shortcuts pause while you type in a field; {paletteShortcutLabel()} works everywhere.
        </Text>
      </Stack>
    </Modal>
  );
}
