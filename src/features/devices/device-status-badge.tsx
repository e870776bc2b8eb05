import { useLingui as useTranslator } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { deviceStatusLabel } from './device-status-labels';

const statusColors: Record<string, string> = {
  'in service': 'green',
  spare: 'blue',
  'returned for repair': 'orange',
  'pending removal from fleet': 'red',
};

export function DeviceStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  return (
    // Sentence case and wrapping: "Pending removal from fleet" stays whole in a phone's column.
    <Badge
      variant="light"
      color={statusColors[(status ?? '').toLowerCase()] ?? 'gray'}
      tt="none"
      maw="100%"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
    >
      {status ? deviceStatusLabel(status, translate) : t`Unknown`}
    </Badge>
  );
}
