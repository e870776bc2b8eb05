import { Button, Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';

export interface ShortcutHelp {
  keys: string[];
  description: string;
}

/** The visible list of the page's keyboard shortcuts, opened with "?" or its button. */
export function ShortcutsDialog({
  opened,
  onClose,
  shortcuts,
}: {
  opened: boolean;
  onClose: () => void;
  shortcuts: readonly ShortcutHelp[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered>
      <Table aria-label="Keyboard shortcuts" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map((shortcut) => (
            <Table.Tr key={shortcut.description}>
              <Table.Td>
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
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts pause while you type in a field.
      </Text>
    </Modal>
  );
}

export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="default" onClick={onClick} rightSection={<Kbd size="xs">?</Kbd>}>
      Keyboard shortcuts
    </Button>
  );
}
