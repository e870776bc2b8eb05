import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactNode } from 'react';
import { DISPATCH_FIELDS, DISPATCH_FIELD_DEFINITIONS, type DispatchField } from './dispatch-fields';
import classes from './schedule-table.module.css';
import type { RowIssue, ScheduleRow } from './validate-rows';

const ESTIMATED_ROW_HEIGHT = 56;
const MAX_TABLE_HEIGHT = 560;
const FIELD_WIDTHS: Record<DispatchField, number> = {
  employeeId: 120,
  firstName: 120,
  lastName: 120,
  vehicleName: 130,
  start: 170,
  end: 170,
};

/** A cell the user can fix: edits are committed on Enter or leaving the field, Escape undoes. */
function EditableCell({
  value,
  label,
  error,
  onCommit,
}: {
  value: string;
  label: string;
  error: string | undefined;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // A new value from outside (another edit, a re-mapping) replaces what is typed here.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed !== value) onCommit(trimmed);
  };
  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={text}
      error={error}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setText(value);
      }}
    />
  );
}

/**
 * The schedule as an editable table, virtualised so a 10,000-row file stays responsive: only the
 * rows in view (plus a few) are in the page.
 */
export function ScheduleTable({
  label,
  rows,
  issuesByRow,
  renderStatus,
  onEdit,
  onRemove,
}: {
  label: string;
  rows: readonly ScheduleRow[];
  issuesByRow: ReadonlyMap<number, RowIssue[]>;
  renderStatus: (row: ScheduleRow) => ReactNode;
  onEdit: (rowId: number, field: DispatchField, value: string) => void;
  onRemove: (rowId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler cannot memoise the virtualizer's getters; this component does not rely on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    initialRect: { width: 1200, height: MAX_TABLE_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <div ref={scrollRef} style={{ maxHeight: MAX_TABLE_HEIGHT, overflow: 'auto' }}>
      <Table
        aria-label={label}
        aria-rowcount={rows.length + 1}
        withTableBorder
        verticalSpacing={6}
        className={classes.table}
        stickyHeader
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>
              <Trans>Row</Trans>
            </Table.Th>
            {DISPATCH_FIELDS.map((field) => (
              <Table.Th key={field} w={FIELD_WIDTHS[field]}>
                {i18n._(DISPATCH_FIELD_DEFINITIONS[field].label)}
              </Table.Th>
            ))}
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th w={90}>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td style={{ height: paddingTop, padding: 0 }} colSpan={DISPATCH_FIELDS.length + 3} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            // The virtualizer can ask for a row the table has just lost: it draws nothing.
            if (!row) return null;
            const issues = issuesByRow.get(row.id) ?? [];
            const rowNumber = row.sourceRow;
            return (
              <Table.Tr
                key={row.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                className={classes.row}
                style={{ verticalAlign: 'top' }}
              >
                <Table.Td data-label={t`Row`} className={classes.wide}>
                  {row.sourceRow}
                </Table.Td>
                {DISPATCH_FIELDS.map((field) => {
                  const fieldIssues = issues.filter((issue) => issue.field === field);
                  const fieldLabel = i18n._(DISPATCH_FIELD_DEFINITIONS[field].label);
                  return (
                    <Table.Td key={field} data-label={fieldLabel}>
                      <EditableCell
                        value={row.values[field]}
                        label={t`Row ${rowNumber} ${fieldLabel}`}
                        error={
                          fieldIssues.length
                            ? fieldIssues.map((issue) => issue.message).join(' ')
                            : undefined
                        }
                        onCommit={(value) => onEdit(row.id, field, value)}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td data-label={t`Status`} className={classes.wide}>
                  {renderStatus(row)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t`Remove row ${rowNumber}`}
                    onClick={() => onRemove(row.id)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td
                style={{ height: paddingBottom, padding: 0 }}
                colSpan={DISPATCH_FIELDS.length + 3}
              />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
