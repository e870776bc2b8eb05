import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { deviceDetailQueryOptions } from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import { Fact } from '@/components/fact';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { lastLocalDays } from '@/lib/local-date';
import { DeviceAssignmentTimeline } from './device-assignment-timeline';
import { DeviceStatusBadge } from './device-status-badge';
import { readableGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/$deviceId');
const HISTORY_DAYS = 30;

export function DeviceDetailPage() {
  const { deviceId } = route.useParams();
  const { data: device } = useSuspenseQuery(deviceDetailQueryOptions(deviceId));
  const historyRange = lastLocalDays(HISTORY_DAYS);
  const serial = device.serialNumber ?? device.deviceId;

  return (
    <Stack maw={1040}>
      <PageHeader
        title={serial}
        description={
          <>
            {device.deviceModel ?? 'Camera'} <DeviceStatusBadge status={device.status} />
          </>
        }
        actions={
          <Button variant="default" component={Link} to="/devices">
            Back to devices
          </Button>
        }
      />
      <Paper withBorder p="md" component="section" aria-labelledby="device-facts-title">
        <Title order={2} size="h4" id="device-facts-title" mb="sm">
          Device
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Fact label="Vehicle">
            {device.vehicleId ? (
              <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: device.vehicleId }}>
                {device.vehicleName ?? 'Vehicle'}
              </AnchorLink>
            ) : (
              'Not in a vehicle'
            )}
          </Fact>
          <Fact label="Vehicle VIN" record={device} field="vin">
            {device.vin || '—'}
          </Fact>
          <Fact label="Group">
            {readableGroupPath(device.groupPath) ?? device.groupName ?? '—'}
          </Fact>
          <Fact label="Serial number" record={device} field="serialNumber">
            {device.serialNumber ?? '—'}
          </Fact>
          <Fact label="Model" record={device} field="deviceModel">
            {device.deviceModel ?? '—'}
          </Fact>
          <Fact label="Firmware" record={device} field="firmwareVersion">
            {[device.firmwareVersion, device.build != null ? `build ${device.build}` : null]
              .filter(Boolean)
              .join(', ') || '—'}
          </Fact>
          <Fact label="First connected" record={device} field="initialConnection">
            {formatDateTime(device.initialConnection)}
          </Fact>
          <Fact label="Created" record={device} field="createdDate">
            {formatDateTime(device.createdDate)}
          </Fact>
          <Fact label="Last updated" record={device} field="updatedDate">
            {formatDateTime(device.updatedDate)}
          </Fact>
          <Fact label="Device ID" record={device} field="deviceId">
            <Text size="xs" ff="monospace" component="span">
              {device.deviceId}
            </Text>
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="device-history-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="device-history-title">
            Assignment history, last {HISTORY_DAYS} days
          </Title>
          <AnchorLink
            to="/devices"
            search={{ tab: 'changes', device: serial, ...historyRange }}
            size="sm"
          >
            Open in assignment changes
          </AnchorLink>
        </Group>
        <DeviceAssignmentTimeline deviceId={device.deviceId} range={historyRange} />
      </Paper>
    </Stack>
  );
}
