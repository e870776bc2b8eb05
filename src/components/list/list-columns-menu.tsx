import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import type { DataTableColumnToggle } from 'mantine-datatable';
import type { ListColumn } from './data-list';

/** Moves one entry of a list a step earlier (-1) or later (+1). */
function moveEntry(order: readonly string[], accessor: string, step: -1 | 1): string[] {
  const from = order.indexOf(accessor);
  const to = from + step;
  const neighbour = order[to];
  if (from < 0 || neighbour === undefined) return [...order];
  const next = [...order];
  next[from] = neighbour;
  next[to] = accessor;
  return next;
}

/**
 * Column choice and order by keyboard and pointer. The choice is stored per list by
 * mantine-datatable, so it stays across visits.
 */
export function ListColumnsMenu<Row>({
  columns,
  toggles,
  onToggle,
  order,
  onOrder,
  onReset,
}: {
  columns: ListColumn<Row>[];
  toggles: DataTableColumnToggle[];
  onToggle: (toggles: DataTableColumnToggle[]) => void;
  order: string[];
  onOrder: (order: string[]) => void;
  onReset: () => void;
}) {
  const { t } = useLingui();
  const titleOf = (accessor: string) => {
    const title = columns.find((column) => column.accessor === accessor)?.title;
    return typeof title === 'string' ? title : accessor;
  };
  const shownCount = toggles.filter((toggle) => toggle.toggled).length;
  const ordered = order.length ? order : columns.map((column) => String(column.accessor));

  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm">
          <Trans>Columns</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t`Columns`}>
        <Stack gap={6} miw={240}>
          <Text size="sm" fw={500}>
            <Trans>Columns shown, in order</Trans>
          </Text>
          {ordered.map((accessor, index) => {
            const toggle = toggles.find((entry) => entry.accessor === accessor);
            const title = titleOf(accessor);
            return (
              <Group key={accessor} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={title}
                  checked={toggle?.toggled ?? true}
                  // The last shown column stays: a table of no columns cannot be turned back.
                  disabled={toggle?.toggled && shownCount <= 1}
                  onChange={(event) => {
                    const toggled = event.currentTarget.checked;
                    onToggle(
                      toggles.map((entry) =>
                        entry.accessor === accessor ? { ...entry, toggled } : entry,
                      ),
                    );
                  }}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t`Move ${title} earlier`}
                    disabled={index === 0}
                    onClick={() => onOrder(moveEntry(ordered, accessor, -1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t`Move ${title} later`}
                    disabled={index === ordered.length - 1}
                    onClick={() => onOrder(moveEntry(ordered, accessor, 1))}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Button variant="subtle" size="xs" onClick={onReset}>
            <Trans>Reset columns</Trans>
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
