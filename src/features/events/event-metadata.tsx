import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useGroupOptions } from '@/api/group-options';
import type { SafetyEvent } from '@/api/safety-events';
import { AnchorLink } from '@/components/anchor-link';
import { formatDateTime, formatSpeed } from '@/lib/format';
import { DetailItem, Person } from './event-detail-fields';
import { formatGForce, formatRecordTime, formatUtcOffset, personName } from './event-format';
import classes from './event-metadata.module.css';
import type { SafetyLookups } from './use-safety-lookups';
import { useVehicleName } from './vehicle-name';

/** Everything the service says about the event, named through the lookup lists. */
export function EventMetadata({ event, lookups }: { event: SafetyEvent; lookups: SafetyLookups }) {
  const vehicleName = useVehicleName(event.vehicleId);
  const { options: groupOptions } = useGroupOptions();
  const groupLabel = groupOptions.find(
    (option) => option.value.toLowerCase() === event.groupId.toLowerCase(),
  )?.label;
  const driver = personName(event.driverFirstName, event.driverLastName);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-details-title">
      <Title order={2} size="h4" id="event-details-title" mb="sm">
        Details
      </Title>
      <dl className={classes.list}>
        <DetailItem term="Trigger">{lookups.triggers.name(event.eventTriggerId)}</DetailItem>
        <DetailItem term="Subtype">{lookups.subtypes.name(event.eventTriggerSubTypeId)}</DetailItem>
        <DetailItem term="Behaviours">
          <LookupBadges
            items={event.behaviors}
            name={lookups.behaviors.name}
            empty="None recorded"
          />
        </DetailItem>
        <DetailItem term="Dynamic risks">
          <LookupBadges items={event.dynamicRisks} name={lookups.risks.name} empty="None" />
        </DetailItem>
        <DetailItem term="Recorded">
          {formatRecordTime(event)}{' '}
          <Text span size="xs" c="dimmed">
            ({formatUtcOffset(event.recordDateUTCOffset)}; your time{' '}
            {formatDateTime(event.recordDateUTC)})
          </Text>
        </DetailItem>
        <DetailItem term="Score">{event.score}</DetailItem>
        <DetailItem term="Speed">{formatSpeed(event.speed)}</DetailItem>
        <DetailItem term="Forward g-force">
          <GForce value={event.forwardMax} threshold={event.forwardThreshold} forward />
        </DetailItem>
        <DetailItem term="Lateral g-force">
          <GForce value={event.lateralMax} threshold={event.lateralThreshold} />
        </DetailItem>
        <DetailItem term="Shock threshold">{formatGForce(event.shockThreshold)}</DetailItem>
        <DetailItem term="Vehicle">
          {event.vehicleId ? (
            <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: event.vehicleId }} size="sm">
              {vehicleName.data ?? (vehicleName.error ? 'Unknown vehicle' : 'Loading…')}
            </AnchorLink>
          ) : (
            '—'
          )}
        </DetailItem>
        <DetailItem term="Recorder">{event.erSerialNumber}</DetailItem>
        <DetailItem term="Driver">
          <Person
            userId={event.driverId}
            name={driver}
            employeeNumber={event.driverEmployeeNum}
            none="Unassigned"
          />
          {event.driverId ? (
            <>
              {' · '}
              <AnchorLink
                to="/scorecards/drivers/$driverId"
                params={{ driverId: event.driverId }}
                size="sm"
                aria-label={`${driver ?? 'Driver'}’s scorecard`}
              >
                Scorecard
              </AnchorLink>
            </>
          ) : null}
        </DetailItem>
        <DetailItem term="Group">{groupLabel ?? event.groupId}</DetailItem>
        <DetailItem term="Event ID">
          <Text span size="sm" ff="monospace">
            {event.customerEventId}
          </Text>
        </DetailItem>
      </dl>
    </Paper>
  );
}

function LookupBadges({
  items,
  name,
  empty,
}: {
  items: SafetyEvent['behaviors'];
  name: (id: number, embeddedName?: string | null) => string;
  empty: string;
}) {
  if (!items?.length) {
    return (
      <Text span size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {items.map((item) => (
        <Badge key={item.id} variant="outline" color="gray" radius="sm" tt="none">
          {name(item.id, item.name)}
        </Badge>
      ))}
    </Group>
  );
}

function GForce({
  value,
  threshold,
  forward = false,
}: {
  value: number | null | undefined;
  threshold: number | null | undefined;
  /** Forward g is signed: negative is braking. */
  forward?: boolean;
}) {
  const over =
    value !== null && value !== undefined && threshold ? Math.abs(value) >= threshold : false;
  return (
    <>
      <Text span size="sm" fw={over ? 600 : undefined}>
        {formatGForce(value)}
        {forward && value ? (value < 0 ? ' braking' : ' accelerating') : ''}
      </Text>
      {threshold ? (
        <Text span size="xs" c="dimmed">
          {' '}
          (threshold {formatGForce(threshold)}
          {over ? ', exceeded' : ''})
        </Text>
      ) : null}
    </>
  );
}
