import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SafetyEvent } from '@/api/safety-events';
import { AnchorLink } from '@/components/anchor-link';
import { useGroupOptions } from '@/components/group-picker';
import { formatDateTime, formatSpeed } from '@/lib/format';
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
  const coach = personName(event.coachFirstName, event.coachLastName);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-details-title">
      <Title order={2} size="h4" id="event-details-title" mb="sm">
        Details
      </Title>
      <dl className={classes.list}>
        <Item term="Trigger">{lookups.triggers.name(event.eventTriggerId)}</Item>
        <Item term="Subtype">{lookups.subtypes.name(event.eventTriggerSubTypeId)}</Item>
        <Item term="Behaviours">
          <LookupBadges
            items={event.behaviors}
            name={lookups.behaviors.name}
            empty="None recorded"
          />
        </Item>
        <Item term="Dynamic risks">
          <LookupBadges items={event.dynamicRisks} name={lookups.risks.name} empty="None" />
        </Item>
        <Item term="Status">
          <Badge variant="light" radius="sm">
            {lookups.statuses.name(event.eventStatusId)}
          </Badge>
          {event.overDue ? (
            <Text span size="sm" c="red" ml="xs">
              {event.overDue} day{event.overDue === 1 ? '' : 's'} overdue
            </Text>
          ) : null}
        </Item>
        <Item term="Recorded">
          {formatRecordTime(event)}{' '}
          <Text span size="xs" c="dimmed">
            ({formatUtcOffset(event.recordDateUTCOffset)}; your time{' '}
            {formatDateTime(event.recordDateUTC)})
          </Text>
        </Item>
        <Item term="Score">{event.score}</Item>
        <Item term="Speed">{formatSpeed(event.speed)}</Item>
        <Item term="Forward g-force">
          <GForce value={event.forwardMax} threshold={event.forwardThreshold} forward />
        </Item>
        <Item term="Lateral g-force">
          <GForce value={event.lateralMax} threshold={event.lateralThreshold} />
        </Item>
        <Item term="Shock threshold">{formatGForce(event.shockThreshold)}</Item>
        <Item term="Vehicle">
          {event.vehicleId ? (
            <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: event.vehicleId }} size="sm">
              {vehicleName.data ?? (vehicleName.error ? 'Unknown vehicle' : 'Loading…')}
            </AnchorLink>
          ) : (
            '—'
          )}
        </Item>
        <Item term="Recorder">{event.erSerialNumber}</Item>
        <Item term="Driver">
          <Person
            userId={event.driverId}
            name={driver}
            employeeNumber={event.driverEmployeeNum}
            none="Unassigned"
          />
        </Item>
        <Item term="Coach">
          <Person
            userId={event.coachId}
            name={coach}
            employeeNumber={event.coachEmployeeNum}
            none="None yet"
          />
        </Item>
        <Item term="Group">{groupLabel ?? event.groupId}</Item>
        <Item term="Reviewed">{formatDateTime(event.reviewedDate)}</Item>
        <Item term="Coached">{formatDateTime(event.coachedDate)}</Item>
        <Item term="Event ID">
          <Text span size="sm" ff="monospace">
            {event.customerEventId}
          </Text>
        </Item>
      </dl>
    </Paper>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
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

function Person({
  userId,
  name,
  employeeNumber,
  none,
}: {
  userId: string | null | undefined;
  name: string | null;
  employeeNumber: string | null | undefined;
  none: string;
}) {
  if (!userId && !name) {
    return (
      <Text span size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  const label = name ?? 'Unnamed user';
  return (
    <>
      {userId ? (
        <AnchorLink to="/users/$userId" params={{ userId }} size="sm">
          {label}
        </AnchorLink>
      ) : (
        label
      )}
      {employeeNumber ? (
        <Text span size="xs" c="dimmed">
          {' '}
          · {employeeNumber}
        </Text>
      ) : null}
    </>
  );
}
