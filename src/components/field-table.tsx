import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './field-table.module.css';
import { ReadableValue } from './unreadable-value';

/**
 * A record's fields as label and value rows: side by side where there is room, the label over its
 * value on a phone, so no value is squeezed to a few characters a line.
 */
export function FieldTable({
  label,
  rows,
  labelWidth = 260,
  maw,
  record,
}: {
  label: string;
  /** Label and value; a third item names the record's field, to show it unreadable when it is. */
  rows: readonly (readonly [string, ReactNode] | readonly [string, ReactNode, string])[];
  labelWidth?: number;
  maw?: number;
  /** The record the rows' fields come from. */
  record?: unknown;
}) {
  return (
    <Table
      variant="vertical"
      layout="fixed"
      withTableBorder
      maw={maw}
      aria-label={label}
      className={classes.table}
    >
      <Table.Tbody>
        {rows.map(([rowLabel, value, field]) => (
          <Table.Tr key={rowLabel}>
            <Table.Th w={labelWidth}>{rowLabel}</Table.Th>
            <Table.Td className={classes.value}>
              {field ? (
                <ReadableValue record={record} field={field}>
                  {value}
                </ReadableValue>
              ) : (
                value
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
