import { t } from '@lingui/core/macro';
import type { ExportColumn } from '@/api/list-export';
import type { SafetyEvent } from '@/api/safety-events';
import { parseDateTime } from '@/lib/format';
import { formatRecordTime, personName } from './event-format';
import type { SafetyLookups } from './use-safety-lookups';

function names(list: SafetyEvent['behaviors'], lookup: SafetyLookups['behaviors']): string {
  return (list ?? []).map((item) => lookup.name(item.id, item.name)).join(', ');
}

/**
 * The review queue as a file: the queue's columns and the score, the event's own number and its
 * camera. "Recorded" is a date cell in the zone Settings shows (CSV with its offset); "Recorded
 * where it happened" is the wall clock there, with that zone's name.
 */
export function eventExportColumns(
  lookups: SafetyLookups,
  vehicleName: (vehicleId: string) => string | undefined,
): ExportColumn<SafetyEvent>[] {
  return [
    { title: t`Recorded`, value: (event) => parseDateTime(event.recordDateUTC) },
    { title: t`Recorded where it happened`, value: (event) => formatRecordTime(event) },
    { title: t`Event`, value: (event) => event.customerEventId },
    {
      title: t`Vehicle`,
      value: (event) =>
        event.vehicleId ? (vehicleName(event.vehicleId) ?? event.vehicleId) : null,
    },
    { title: t`Driver`, value: (event) => personName(event.driverFirstName, event.driverLastName) },
    { title: t`Trigger`, value: (event) => lookups.triggers.name(event.eventTriggerId) },
    { title: t`Subtype`, value: (event) => lookups.subtypes.name(event.eventTriggerSubTypeId) },
    { title: t`Behaviours`, value: (event) => names(event.behaviors, lookups.behaviors) },
    { title: t`Dynamic risks`, value: (event) => names(event.dynamicRisks, lookups.risks) },
    { title: t`Score`, value: (event) => event.score },
    { title: t`Status`, value: (event) => lookups.statuses.name(event.eventStatusId) },
    { title: t`Device serial`, value: (event) => event.erSerialNumber },
  ];
}
