import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const vehicleName = useVehicleName(event.vehicleId);
  const { options: groupOptions } = useGroupOptions();
  const groupLabel = groupOptions.find(
    (option) => option.value.toLowerCase() === event.groupId.toLowerCase(),
  )?.label;
  const driver = personName(event.driverFirstName, event.driverLastName);
  const offset = formatUtcOffset(event.recordDateUTCOffset);
  const yourTime = formatDateTime(event.recordDateUTC);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-details-title">
      <Title order={2} size="h4" id="event-details-title" mb="sm">
        <Trans>Details</Trans>
      </Title>
      <dl className={classes.list}>
        <DetailItem term={t`Trigger`}>{lookups.triggers.name(event.eventTriggerId)}</DetailItem>
        <DetailItem term={t`Subtype`}>
          {lookups.subtypes.name(event.eventTriggerSubTypeId)}
        </DetailItem>
        <DetailItem term={t`Behaviours`}>
          <LookupBadges
            items={event.behaviors}
            name={lookups.behaviors.name}
            empty={t`None recorded`}
          />
        </DetailItem>
        <DetailItem term={t`Dynamic risks`}>
          <LookupBadges items={event.dynamicRisks} name={lookups.risks.name} empty={t`None`} />
        </DetailItem>
        <DetailItem term={t`Recorded`}>
          {formatRecordTime(event)}{' '}
          <Text span size="xs" c="dimmed">
            {t`(${offset}; your time ${yourTime})`}
          </Text>
        </DetailItem>
        <DetailItem term={t`Score`}>{event.score}</DetailItem>
        <DetailItem term={t`Speed`}>{formatSpeed(event.speed)}</DetailItem>
        <DetailItem term={t`Forward g-force`}>
          <GForce value={event.forwardMax} threshold={event.forwardThreshold} forward />
        </DetailItem>
        <DetailItem term={t`Lateral g-force`}>
          <GForce value={event.lateralMax} threshold={event.lateralThreshold} />
        </DetailItem>
        <DetailItem term={t`Shock threshold`}>{formatGForce(event.shockThreshold)}</DetailItem>
        <DetailItem term={t`Vehicle`}>
          {event.vehicleId ? (
            <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: event.vehicleId }} size="sm">
              {vehicleName.data ?? (vehicleName.error ? t`Unknown vehicle` : t`Loading…`)}
            </AnchorLink>
          ) : (
            '—'
          )}
        </DetailItem>
        <DetailItem term={t`Recorder`}>{event.erSerialNumber}</DetailItem>
        <DetailItem term={t`Driver`}>
          <Person
            userId={event.driverId}
            name={driver}
            employeeNumber={event.driverEmployeeNum}
            none={t`Unassigned`}
          />
          {event.driverId ? (
            <>
              {' · '}
              <AnchorLink
                to="/scorecards/drivers/$driverId"
                params={{ driverId: event.driverId }}
                size="sm"
                aria-label={driver ? t`${driver}’s scorecard` : t`Driver’s scorecard`}
              >
                <Trans>Scorecard</Trans>
              </AnchorLink>
            </>
          ) : null}
        </DetailItem>
        <DetailItem term={t`Group`}>{groupLabel ?? event.groupId}</DetailItem>
        <DetailItem term={t`Event ID`}>
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
  const { t } = useLingui();
  const over =
    value !== null && value !== undefined && threshold ? Math.abs(value) >= threshold : false;
  const gForce = formatGForce(value);
  const gForceText =
    forward && value ? (value < 0 ? t`${gForce} braking` : t`${gForce} accelerating`) : gForce;
  const thresholdText = threshold ? formatGForce(threshold) : null;
  return (
    <>
      <Text span size="sm" fw={over ? 600 : undefined}>
        {gForceText}
      </Text>
      {thresholdText ? (
        <Text span size="xs" c="dimmed">
          {' '}
          {over ? t`(threshold ${thresholdText}, exceeded)` : t`(threshold ${thresholdText})`}
        </Text>
      ) : null}
    </>
  );
}
