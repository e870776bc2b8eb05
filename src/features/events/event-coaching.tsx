import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Paper, Text, Title } from '@mantine/core';
import type { SafetyEvent } from '@/api/safety-events';
import { formatDateTime } from '@/lib/format';
import { DetailItem, Person } from './event-detail-fields';
import { personName } from './event-format';
import classes from './event-metadata.module.css';
import type { SafetyLookups } from './use-safety-lookups';

/**
 * Where the event stands in review and coaching. The public API has no call that changes an
 * event's status or records coaching, so this section only reads.
 */
export function EventCoaching({ event, lookups }: { event: SafetyEvent; lookups: SafetyLookups }) {
  const coach = personName(event.coachFirstName, event.coachLastName);
  const { t } = useLingui();
  const overdueDays = event.overDue ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-coaching-title">
      <Title order={2} size="h4" id="event-coaching-title" mb={4}>
        <Trans>Review and coaching</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>
          Coaching is recorded in the vendor’s coaching workflow; this console shows it read-only.
        </Trans>
      </Text>
      <dl className={classes.list}>
        <DetailItem term={t`Status`}>
          <Badge variant="light" radius="sm">
            {lookups.statuses.name(event.eventStatusId)}
          </Badge>
        </DetailItem>
        <DetailItem term={t`Overdue`}>
          {overdueDays > 0 ? (
            <Text span size="sm" c="red" fw={600}>
              <Plural value={overdueDays} one="# day" other="# days" />
            </Text>
          ) : (
            t`No`
          )}
        </DetailItem>
        <DetailItem term={t`Reviewed`}>{formatDateTime(event.reviewedDate)}</DetailItem>
        <DetailItem term={t`Coachable`}>
          {event.isCoachable === null || event.isCoachable === undefined
            ? '—'
            : event.isCoachable
              ? t`Yes`
              : t`No`}
        </DetailItem>
        <DetailItem term={t`Coach`}>
          <Person
            userId={event.coachId}
            name={coach}
            employeeNumber={event.coachEmployeeNum}
            none={t`None yet`}
          />
        </DetailItem>
        <DetailItem term={t`Coaching due`}>{formatDateTime(event.coachingOverdueDate)}</DetailItem>
        <DetailItem term={t`Coached`}>{formatDateTime(event.coachedDate)}</DetailItem>
      </dl>
    </Paper>
  );
}
