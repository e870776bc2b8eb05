import { plural, t } from '@lingui/core/macro';
import type { SafetyEvent } from '@/api/safety-events';
import { dateTimeFormat, displayTimeZone, formatSpeed } from '@/lib/format';
import { formatGroupPath } from '@/lib/group-path';
import {
  collectNotes,
  formatGForce,
  formatRecordTime,
  formatUtcOffset,
  noteKindLabel,
  personName,
} from '../event-format';
import type { PacketReport } from './packet-report-pdf';

/** The names an event refers to by ID, resolved before the report is written. */
export interface PacketNames {
  trigger: (id: number) => string;
  subtype: (id: number) => string;
  status: (id: number) => string;
  behaviour: (id: number, embeddedName?: string | null) => string;
  risk: (id: number, embeddedName?: string | null) => string;
  /** The group's names from the company's root down. */
  groupPath: (groupId: string) => readonly string[] | undefined;
}

type ReportText = Pick<PacketReport, 'title' | 'sections' | 'notes'>;

/** What the report names the event's vehicle by, read from the vehicle's record. */
export interface ReportVehicle {
  name: string;
  vin: string | null;
  licensePlate: string | null;
}

/**
 * "Nov 4, 2026, 1:00 AM PST": a time in the console's display zone, always with the zone's name,
 * since a report is read away from the screen it was made on.
 */
export function formatReportTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return dateTimeFormat({
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: displayTimeZone(),
    timeZoneName: 'short',
  }).format(time);
}

/** "2026-11-03 22:03:22 UTC": the instant the recorder gives, in UTC. */
export function formatUtcInstant(utc: string): string {
  const time = Date.parse(utc);
  if (Number.isNaN(time)) return utc;
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function gForceAgainstThreshold(
  value: number | null | undefined,
  threshold: number | null | undefined,
  forward: boolean,
): string {
  if (value === null || value === undefined) return t`Not recorded`;
  const gForce = formatGForce(value);
  let reading = gForce;
  if (forward && value < 0) reading = t`${gForce} braking`;
  else if (forward && value > 0) reading = t`${gForce} accelerating`;
  if (!threshold) return t`${reading} (no threshold recorded)`;
  const limit = formatGForce(threshold);
  return Math.abs(value) >= threshold
    ? t`${reading} against a threshold of ${limit}: exceeded`
    : t`${reading} against a threshold of ${limit}: within`;
}

const orNone = (value: string | null | undefined, none?: string) =>
  value?.trim() || (none ?? t`None`);
const dateOrNot = (value: string | null | undefined, not: string) =>
  value ? formatReportTime(value) : not;

/** "Ana Diaz (employee 4471)" when the service gives the number. */
function withEmployeeNumber(name: string, employeeNumber: string | null | undefined): string {
  return employeeNumber ? t`${name} (employee ${employeeNumber})` : name;
}

/** Everything the report says about the event, as labelled text in the reader's units and zone. */
export function eventReportText(
  event: SafetyEvent,
  names: PacketNames,
  vehicle: ReportVehicle | null,
  videoSha256: string | null,
): ReportText {
  const trigger = names.trigger(event.eventTriggerId);
  const groupPath = names.groupPath(event.groupId);
  const { latitude, longitude } = event;
  const coach = personName(event.coachFirstName, event.coachLastName);
  const driver = personName(event.driverFirstName, event.driverLastName);
  const eventNumber = event.customerEventId;
  const { vehicleId } = event;
  const overdueDays = typeof event.overDue === 'number' ? event.overDue : 0;
  return {
    title: t`Evidence report: ${trigger} · ${eventNumber}`,
    sections: [
      {
        heading: t`Event`,
        rows: [
          // The service names no company: its root group's name is the nearest, and is a group's.
          [t`Group tree`, groupPath?.[0] ?? t`Not known`],
          [t`Event ID`, event.customerEventId],
          [t`Event GUID`, event.id],
          [t`Trigger`, trigger],
          [t`Subtype`, names.subtype(event.eventTriggerSubTypeId)],
          [
            t`Behaviours`,
            orNone(
              (event.behaviors ?? []).map((item) => names.behaviour(item.id, item.name)).join(', '),
              t`None recorded`,
            ),
          ],
          [
            t`Dynamic risks`,
            orNone(
              (event.dynamicRisks ?? []).map((item) => names.risk(item.id, item.name)).join(', '),
            ),
          ],
          [t`Score`, String(event.score)],
          [t`Status`, names.status(event.eventStatusId)],
        ],
      },
      {
        heading: t`Time`,
        rows: [
          [
            t`Where it happened`,
            `${formatRecordTime(event)} (${formatUtcOffset(event.recordDateUTCOffset)})`,
          ],
          [t`In UTC`, formatUtcInstant(event.recordDateUTC)],
        ],
      },
      {
        heading: t`Readings at the trigger`,
        rows: [
          [t`Speed`, formatSpeed(event.speed)],
          [
            t`Forward g-force`,
            gForceAgainstThreshold(event.forwardMax, event.forwardThreshold, true),
          ],
          [
            t`Lateral g-force`,
            gForceAgainstThreshold(event.lateralMax, event.lateralThreshold, false),
          ],
          [t`Shock threshold`, formatGForce(event.shockThreshold)],
        ],
      },
      {
        heading: t`Position`,
        rows:
          typeof latitude === 'number' && typeof longitude === 'number'
            ? [
                [t`Latitude`, latitude.toFixed(5)],
                [t`Longitude`, longitude.toFixed(5)],
                [
                  t`Heading`,
                  typeof event.heading === 'number' ? `${event.heading}°` : t`Not recorded`,
                ],
              ]
            : [[t`Position`, t`No position was recorded for this event.`]],
      },
      {
        heading: t`Driver, vehicle and device`,
        rows: [
          [t`Driver`, driver ? withEmployeeNumber(driver, event.driverEmployeeNum) : t`Unassigned`],
          [t`Vehicle`, vehicleId ? (vehicle?.name ?? t`Unknown vehicle (${vehicleId})`) : t`None`],
          ...(vehicle?.vin ? [[t`VIN`, vehicle.vin] as const] : []),
          ...(vehicle?.licensePlate ? [[t`Licence plate`, vehicle.licensePlate] as const] : []),
          [t`Device (recorder)`, orNone(event.erSerialNumber, t`Not recorded`)],
          [t`Group`, groupPath ? formatGroupPath(groupPath) : event.groupId],
        ],
      },
      {
        heading: t`Video`,
        rows: [['SHA-256', videoSha256 ?? t`No video was packed, so there is no hash of one.`]],
      },
      {
        heading: t`Review and coaching`,
        rows: [
          [t`Downloaded`, dateOrNot(event.downloadedDate, t`Not recorded`)],
          [t`Reviewed`, dateOrNot(event.reviewedDate, t`Not reviewed`)],
          [t`Coach`, coach ? withEmployeeNumber(coach, event.coachEmployeeNum) : t`None`],
          [
            t`Coachable`,
            event.isCoachable === true
              ? t`Yes`
              : event.isCoachable === false
                ? t`No`
                : t`Not recorded`,
          ],
          [t`Coaching due`, dateOrNot(event.coachingOverdueDate, t`No due date`)],
          ...(overdueDays > 0
            ? [[t`Overdue`, plural(overdueDays, { one: '# day', other: '# days' })] as const]
            : []),
          [t`Coached`, dateOrNot(event.coachedDate, t`Not coached`)],
        ],
      },
    ],
    notes: collectNotes(event).map(({ note, kind }) => {
      const author = orNone(personName(note.firstName, note.lastName), t`Unknown author`);
      return {
        heading: `${noteKindLabel(kind)} · ${author} · ${formatReportTime(note.creationDate)}`,
        body: note.body,
      };
    }),
  };
}
