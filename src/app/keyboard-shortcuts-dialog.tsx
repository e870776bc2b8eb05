import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, Title } from '@mantine/core';
import { ShortcutList, type ShortcutHelp } from '@/components/shortcut-list';
import { eventShortcutHelp, queueShortcutHelp } from '@/features/events/review-shortcut-help';
import { paletteShortcutLabel } from '@/features/search/palette-store';

interface ShortcutSection {
  title: string;
  shortcuts: readonly ShortcutHelp[];
}

/** Key names (Enter, Esc) stay as printed on the keys. */
function shortcutSections(i18n: I18n): ShortcutSection[] {
  return [
    {
      title: i18n._(msg`Anywhere`),
      shortcuts: [
        {
          keys: [paletteShortcutLabel()],
          description: i18n._(
            msg`Find anything: pages, actions, users, vehicles, devices, groups, geofences`,
          ),
        },
      ],
    },
    {
      title: i18n._(msg`In the search`),
      shortcuts: [
        { keys: ['↓', '↑'], description: i18n._(msg`Choose a result`) },
        { keys: ['Enter'], description: i18n._(msg`Open the chosen result`) },
        { keys: ['Esc'], description: i18n._(msg`Close and return to where you were`) },
      ],
    },
    { title: i18n._(msg`Safety event queue`), shortcuts: queueShortcutHelp },
    { title: i18n._(msg`Safety event page`), shortcuts: eventShortcutHelp },
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
  const { t, i18n } = useLingui();
  const paletteShortcut = paletteShortcutLabel();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Keyboard shortcuts`} centered size="lg">
      <Stack gap="md">
        {shortcutSections(i18n).map((section) => (
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
          <Trans>
            Page shortcuts pause while you type in a field; {paletteShortcut} works everywhere.
          </Trans>
        </Text>
      </Stack>
    </Modal>
  );
}
