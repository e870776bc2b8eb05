import { Button, Kbd, Modal, Text } from '@mantine/core';
import { ShortcutList, type ShortcutHelp } from '@/components/shortcut-list';

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
      <ShortcutList label="Keyboard shortcuts" shortcuts={shortcuts} />
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
