import { useLingui } from '@lingui/react/macro';
import { Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { unreadableField, type UnreadableField } from '@/api/read-report';

/**
 * A field the console could not read, in place of its value: "—", with what the service sent and
 * why on hover and on keyboard focus (and in its accessible name, for a screen reader).
 */
export function UnreadableValue({ field }: { field: UnreadableField }) {
  const { t } = useLingui();
  const reason = field.reason;
  const sent = field.sent;
  const why = t`Could not be read: ${reason} (sent: ${sent}).`;
  return (
    <Tooltip label={why} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
      <Text span inherit c="dimmed" tabIndex={0} aria-label={why} style={{ cursor: 'help' }}>
        —
      </Text>
    </Tooltip>
  );
}

/** `value`, or "—" with why when `record`'s `field` could not be read. */
export function ReadableValue({
  record,
  field,
  children,
}: {
  record: unknown;
  field: string;
  children: ReactNode;
}) {
  const unreadable = unreadableField(record, field);
  return unreadable ? <UnreadableValue field={unreadable} /> : children;
}
