import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReadableValue } from './unreadable-value';

/**
 * One labelled value of a record's summary: a small caps label over the value. With `record` and
 * `field`, a field the console could not read shows "—" with why instead.
 */
export function Fact({
  label,
  children,
  record,
  field,
}: {
  label: string;
  children: ReactNode;
  record?: unknown;
  field?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {field ? (
          <ReadableValue record={record} field={field}>
            {children}
          </ReadableValue>
        ) : (
          children
        )}
      </Text>
    </Stack>
  );
}
