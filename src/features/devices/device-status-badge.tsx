import { Badge } from '@mantine/core';

const statusColors: Record<string, string> = {
  'in service': 'green',
  spare: 'blue',
  'returned for repair': 'orange',
  'pending removal from fleet': 'red',
};

export function DeviceStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge variant="light" color={statusColors[(status ?? '').toLowerCase()] ?? 'gray'}>
      {status || 'Unknown'}
    </Badge>
  );
}
