import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './field-table.module.css';

/**
 * A record's fields as label and value rows: side by side where there is room, the label over its
 * value on a phone, so no value is squeezed to a few characters a line.
 */
export function FieldTable({
  label,
  rows,
  labelWidth = 260,
  maw,
}: {
  label: string;
  rows: readonly (readonly [string, ReactNode])[];
  labelWidth?: number;
  maw?: number;
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
        {rows.map(([rowLabel, value]) => (
          <Table.Tr key={rowLabel}>
            <Table.Th w={labelWidth}>{rowLabel}</Table.Th>
            <Table.Td className={classes.value}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
