import type { SafetyEvent } from '@/api/safety-events';
import { dateTimeFormat, displayTimeZone, formatSpeed } from '@/lib/format';
import { formatGroupPath } from '@/lib/group-path';
import {
  collectNotes,
  formatGForce,
  formatRecordTime,
  formatUtcOffset,
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
  if (value === null || value === undefined) return 'Not recorded';
  const direction = forward && value !== 0 ? (value < 0 ? ' braking' : ' accelerating') : '';
  if (!threshold) return `${formatGForce(value)}${direction} (no threshold recorded)`;
  const exceeded = Math.abs(value) >= threshold;
  return `${formatGForce(value)}${direction} against a threshold of ${formatGForce(threshold)}${
    exceeded ? ': exceeded' : ': within'
  }`;
}

const orNone = (value: string | null | undefined, none = 'None') => value?.trim() || none;
const dateOrNot = (value: string | null | undefined, not: string) =>
  value ? formatReportTime(value) : not;

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
  return {
    title: `Evidence report: ${trigger} · ${event.customerEventId}`,
    sections: [
      {
        heading: 'Event',
        rows: [
          // The service names no company: its root group's name is the nearest, and is a group's.
          ['Group tree', groupPath?.[0] ?? 'Not known'],
          ['Event ID', event.customerEventId],
          ['Event GUID', event.id],
          ['Trigger', trigger],
          ['Subtype', names.subtype(event.eventTriggerSubTypeId)],
          [
            'Behaviours',
            orNone(
              (event.behaviors ?? []).map((item) => names.behaviour(item.id, item.name)).join(', '),
              'None recorded',
            ),
          ],
          [
            'Dynamic risks',
            orNone(
              (event.dynamicRisks ?? []).map((item) => names.risk(item.id, item.name)).join(', '),
            ),
          ],
          ['Score', String(event.score)],
          ['Status', names.status(event.eventStatusId)],
        ],
      },
      {
        heading: 'Time',
        rows: [
          [
            'Where it happened',
            `${formatRecordTime(event)} (${formatUtcOffset(event.recordDateUTCOffset)})`,
          ],
          ['In UTC', formatUtcInstant(event.recordDateUTC)],
        ],
      },
      {
        heading: 'Readings at the trigger',
        rows: [
          ['Speed', formatSpeed(event.speed)],
          [
            'Forward g-force',
            gForceAgainstThreshold(event.forwardMax, event.forwardThreshold, true),
          ],
          [
            'Lateral g-force',
            gForceAgainstThreshold(event.lateralMax, event.lateralThreshold, false),
          ],
          ['Shock threshold', formatGForce(event.shockThreshold)],
        ],
      },
      {
        heading: 'Position',
        rows:
          typeof latitude === 'number' && typeof longitude === 'number'
            ? [
                ['Latitude', latitude.toFixed(5)],
                ['Longitude', longitude.toFixed(5)],
                [
                  'Heading',
                  typeof event.heading === 'number' ? `${event.heading}°` : 'Not recorded',
                ],
              ]
            : [['Position', 'No position was recorded for this event.']],
      },
      {
        heading: 'Driver, vehicle and device',
        rows: [
          [
            'Driver',
            driver
              ? `${driver}${event.driverEmployeeNum ? ` (employee ${event.driverEmployeeNum})` : ''}`
              : 'Unassigned',
          ],
          [
            'Vehicle',
            event.vehicleId ? (vehicle?.name ?? `Unknown vehicle (${event.vehicleId})`) : 'None',
          ],
          ...(vehicle?.vin ? [['VIN', vehicle.vin] as const] : []),
          ...(vehicle?.licensePlate ? [['Licence plate', vehicle.licensePlate] as const] : []),
          ['Device (recorder)', orNone(event.erSerialNumber, 'Not recorded')],
          ['Group', groupPath ? formatGroupPath(groupPath) : event.groupId],
        ],
      },
      {
        heading: 'Video',
        rows: [['SHA-256', videoSha256 ?? 'No video was packed, so there is no hash of one.']],
      },
      {
        heading: 'Review and coaching',
        rows: [
          ['Downloaded', dateOrNot(event.downloadedDate, 'Not recorded')],
          ['Reviewed', dateOrNot(event.reviewedDate, 'Not reviewed')],
          [
            'Coach',
            coach
              ? `${coach}${event.coachEmployeeNum ? ` (employee ${event.coachEmployeeNum})` : ''}`
              : 'None',
          ],
          [
            'Coachable',
            event.isCoachable === true
              ? 'Yes'
              : event.isCoachable === false
                ? 'No'
                : 'Not recorded',
          ],
          ['Coaching due', dateOrNot(event.coachingOverdueDate, 'No due date')],
          ...(typeof event.overDue === 'number' && event.overDue > 0
            ? [['Overdue', `${event.overDue} days`] as const]
            : []),
          ['Coached', dateOrNot(event.coachedDate, 'Not coached')],
        ],
      },
    ],
    notes: collectNotes(event).map(({ note, kind }) => ({
      heading: `${kind} note · ${orNone(personName(note.firstName, note.lastName), 'Unknown author')} · ${formatReportTime(note.creationDate)}`,
      body: note.body,
    })),
  };
}
