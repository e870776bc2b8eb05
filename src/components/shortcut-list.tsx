import { Trans } from '@lingui/react/macro';
import { Group, Kbd, Table, Text, type MantineSpacing } from '@mantine/core';
import { Fragment } from 'react';

export interface ShortcutHelp {
  keys: string[];
  description: string;
}

/** A table of keyboard shortcuts: the keys (alternatives joined by "or") and what each does. */
export function ShortcutList({
  label,
  shortcuts,
  headerHidden = false,
  keysColumnWidth,
  verticalSpacing = 'xs',
}: {
  label: string;
  shortcuts: readonly ShortcutHelp[];
  /** Keeps the column headers for screen readers only, where a section title already says it. */
  headerHidden?: boolean;
  keysColumnWidth?: number;
  verticalSpacing?: MantineSpacing;
}) {
  return (
    <Table aria-label={label} verticalSpacing={verticalSpacing}>
      <Table.Thead className={headerHidden ? 'visually-hidden' : undefined}>
        <Table.Tr>
          <Table.Th scope="col">
            <Trans>Keys</Trans>
          </Table.Th>
          <Table.Th scope="col">
            <Trans>Action</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shortcuts.map((shortcut) => (
          <Table.Tr key={shortcut.description}>
            <Table.Td w={keysColumnWidth}>
              <Group gap={6} wrap="nowrap">
                {shortcut.keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && (
                      <Text span size="xs" c="dimmed">
                        <Trans>or</Trans>
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
  );
}
