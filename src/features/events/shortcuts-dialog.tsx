import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Kbd, Modal, Text } from '@mantine/core';
import { ShortcutList, type ShortcutHelp } from '@/components/shortcut-list';
import { useTouchScreen } from '@/lib/use-touch-screen';

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
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Keyboard shortcuts`} centered>
      <ShortcutList label={t`Keyboard shortcuts`} shortcuts={shortcuts} />
      <Text size="xs" c="dimmed" mt="sm">
        <Trans>Shortcuts pause while you type in a field.</Trans>
      </Text>
    </Modal>
  );
}

/** The shortcuts' button, only where there is a keyboard to use them (not on a touch screen). */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  if (useTouchScreen()) return null;
  return (
    <Button variant="default" onClick={onClick} rightSection={<Kbd size="xs">?</Kbd>}>
      <Trans>Keyboard shortcuts</Trans>
    </Button>
  );
}
