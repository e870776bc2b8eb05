import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { eventShortcutHelp, queueShortcutHelp } from '@/features/events/review-shortcut-help';
import type { ShortcutHelp } from '@/features/events/shortcuts-dialog';
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
            <Table aria-label={section.title} verticalSpacing={4}>
              <Table.Thead className="visually-hidden">
                <Table.Tr>
                  <Table.Th scope="col">Keys</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.shortcuts.map((shortcut) => (
                  <Table.Tr key={shortcut.description}>
                    <Table.Td w={140}>
                      <Group gap={6} wrap="nowrap">
                        {shortcut.keys.map((key, index) => (
                          <Fragment key={key}>
                            {index > 0 && (
                              <Text span size="xs" c="dimmed">
                                or
                              </Text>
                            )}
                            <Kbd>{key}</Kbd>
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{shortcut.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          Page shortcuts pause while you type in a field; {paletteShortcutLabel()} works everywhere.
        </Text>
      </Stack>
    </Modal>
  );
}
