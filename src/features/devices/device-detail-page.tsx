import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { deviceId } = route.useParams();
  const { data: device } = useSuspenseQuery(deviceDetailQueryOptions(deviceId));
  const historyRange = lastLocalDays(HISTORY_DAYS);
  const serial = device.serialNumber ?? device.deviceId;
  const build = device.build;
  const historyDays = HISTORY_DAYS;

  return (
    <Stack maw={1040}>
      <PageHeader
        title={serial}
        description={
          <>
            {device.deviceModel ?? t`Camera`} <DeviceStatusBadge status={device.status} />
          </>
        }
        actions={
          <Button variant="default" component={Link} to="/devices">
            <Trans>Back to devices</Trans>
          </Button>
        }
      />
      <Paper withBorder p="md" component="section" aria-labelledby="device-facts-title">
        <Title order={2} size="h4" id="device-facts-title" mb="sm">
          <Trans>Device</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Fact label={t`Vehicle`}>
            {device.vehicleId ? (
              <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: device.vehicleId }}>
                {device.vehicleName ?? t`Vehicle`}
              </AnchorLink>
            ) : (
              t`Not in a vehicle`
            )}
          </Fact>
          <Fact label={t`Vehicle VIN`} record={device} field="vin">
            {device.vin || '—'}
          </Fact>
          <Fact label={t`Group`}>
            {readableGroupPath(device.groupPath) ?? device.groupName ?? '—'}
          </Fact>
          <Fact label={t`Serial number`} record={device} field="serialNumber">
            {device.serialNumber ?? '—'}
          </Fact>
          <Fact label={t`Model`} record={device} field="deviceModel">
            {device.deviceModel ?? '—'}
          </Fact>
          <Fact label={t`Firmware`} record={device} field="firmwareVersion">
            {[device.firmwareVersion, build != null ? t`build ${build}` : null]
              .filter(Boolean)
              .join(', ') || '—'}
          </Fact>
          <Fact label={t`First connected`} record={device} field="initialConnection">
            {formatDateTime(device.initialConnection)}
          </Fact>
          <Fact label={t`Created`} record={device} field="createdDate">
            {formatDateTime(device.createdDate)}
          </Fact>
          <Fact label={t`Last updated`} record={device} field="updatedDate">
            {formatDateTime(device.updatedDate)}
          </Fact>
          <Fact label={t`Device ID`} record={device} field="deviceId">
            <Text size="xs" ff="monospace" component="span">
              {device.deviceId}
            </Text>
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="device-history-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="device-history-title">
            <Trans>Assignment history, last {historyDays} days</Trans>
          </Title>
          <AnchorLink
            to="/devices"
            search={{ tab: 'changes', device: serial, ...historyRange }}
            size="sm"
          >
            <Trans>Open in assignment changes</Trans>
          </AnchorLink>
        </Group>
        <DeviceAssignmentTimeline deviceId={device.deviceId} range={historyRange} />
      </Paper>
    </Stack>
  );
}
