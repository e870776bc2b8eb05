import type { MockDb } from '../db';
import { DeviceStatus } from './fleet-reference';
import type { SeedContext } from './index';

/**
 * A few records shaped as the vendor's own published examples are (and so, likely, its service's
 * answers): .NET's empty date, a date without a zone, a number where text is declared, a status no
 * lookup names. The demo and the journeys show how the console reads them.
 */
export const VENDOR_DIALECT = {
  /** .NET's DateTime.MinValue, as the vendor's examples send a date that was never set. */
  emptyDate: '0001-01-01T00:00:00',
  /** The Groups API's example audit entry carries this employee ID as a number. */
  numericEmployeeId: 1234567,
  /** A status the service added after the console was written: no lookup names it. */
  unknownEventStatusId: 8,
} as const;

/** The same instant as the vendor writes it: no zone (read as UTC), tenths of a second. */
function withoutZone(isoUtc: string): string {
  return isoUtc.replace(/(?:\.(\d)\d*)?Z$/, (_, tenth: string | undefined) => `.${tenth ?? '0'}`);
}

/** The records the dialect is given to: each one a person can find from the list it is in. */
export function vendorDialectRecords(db: MockDb) {
  const firstBy = <T>(items: readonly T[], time: (item: T) => string): T | undefined =>
    items.reduce<T | undefined>(
      (first, item) => (!first || time(item) < time(first) ? item : first),
      undefined,
    );
  const spares = db.devices.filter((device) => device.status === DeviceStatus.spare);
  return {
    root: db.groups.find((group) => group.id === group.rootGroupId),
    // The newest: the audit log opens on it.
    auditEntry: db.auditLogs.reduce<(typeof db.auditLogs)[number] | undefined>(
      (last, entry) => (!last || entry.at > last.at ? entry : last),
      undefined,
    ),
    // The first spare by serial number: the devices list, filtered to spares, starts with it.
    spareCamera: firstBy(spares, (device) => device.serialNumber),
    oldestEvent: firstBy(db.safetyEvents, (event) => event.recordDateUTC),
  };
}

export function seedVendorDialect({ db }: SeedContext): void {
  const { root, auditEntry, spareCamera, oldestEvent } = vendorDialectRecords(db);
  // The company's root group predates creation dates on the service.
  if (root) root.createdDate = VENDOR_DIALECT.emptyDate;

  // The newest audit entry came through an integration that sends employee IDs as numbers and
  // dates without a zone.
  if (auditEntry) {
    auditEntry.servedAs = {
      employeeId: VENDOR_DIALECT.numericEmployeeId,
      updatedDate: withoutZone(auditEntry.group.updatedDate),
    };
  }

  // A spare camera registered but never switched on: its first connection is the empty date, its
  // creation date has no zone.
  if (spareCamera) {
    spareCamera.initialConnection = VENDOR_DIALECT.emptyDate;
    spareCamera.createdDate = withoutZone(spareCamera.createdDate);
  }

  // The oldest event carries a status the console does not know.
  if (oldestEvent) oldestEvent.eventStatusId = VENDOR_DIALECT.unknownEventStatusId;
}
