/**
 * Every read the console performs, through its own reader, against the vendor's mock: Prism
 * answering from the OpenAPI files with their own examples, and with random answers that match
 * their schemas for each fixed seed (src/test/vendor-mock-setup.ts). A reader that refuses an
 * answer the file allows fails here with the reasons it gave; a request Prism finds off the file
 * fails its mode's last test.
 */
import { inject } from 'vitest';
import { configureVendorApiClient } from '@/test/vendor-client';
import { checkVendorMockLogs } from '../../scripts/vendor-mock.mjs';
import { isApiError } from './api-error';
import { getDevice, listDevices, listVehicleAssignments } from './devices';
import {
  getSubmissionResult,
  getSubmissionStatus,
  listDriverAssignments,
} from './driver-assignments';
import { getEcmLocation, getEcmOdometer, getEcmVehicle, listEcmVehicles } from './ecm';
import {
  getGeofence,
  listActivationEndReasons,
  listGeofenceActivations,
  listGeofences,
} from './geofences';
import { getGroup, listGroupAuditLogs, listGroupDescendants, listGroups } from './groups';
import {
  getSafetyEvent,
  getSafetyEventFile,
  getSafetyEventsWithMetadataBody,
  listSafetyEventBehaviors,
  listSafetyEventDynamicRisks,
  listSafetyEventIds,
  listSafetyEventStatuses,
  listSafetyEventTriggers,
  listSafetyEventTriggerSubtypes,
  listSafetyEventsWithMetadata,
  readSafetyEventListText,
} from './safety-events';
import { getUser, listRoles, listUsers } from './users';
import {
  getVehicle,
  listCountrySubdivisions,
  listSeatbeltTypes,
  listVehicles,
  listVehicleStatuses,
  listVehicleTypes,
} from './vehicles';

const mock = inject('vendorMock');

/** The first page the console asks for; the mock's answers do not depend on it. */
const page = { pageIndex: 0, pageSize: 100 };
/** IDs of the shape each file declares; the mock answers any. */
const guid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ecmVehicleId = 1042;
const lastWeek = { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z') };

/** Each GET operation the console performs, named as its file publishes it, and its reader. */
const reads: [operation: string, read: () => Promise<unknown>][] = [
  ['GET /users (listUsers)', () => listUsers({ page })],
  ['GET /users/{userIdentifier} (getUser)', () => getUser(guid)],
  [
    'GET /users/{userIdentifier}?searchBy=Username (the signed-in user)',
    () => getUser('maria.lopez', { searchBy: 'Username' }),
  ],
  ['GET /users/roles (listRoles)', () => listRoles()],
  ['GET /groups (listGroups)', () => listGroups({ page, encodeFullPath: false })],
  ['GET /groups/{groupIdentifier} (getGroup)', () => getGroup(guid)],
  [
    'GET /groups/{groupIdentifier}/descendants (listGroupDescendants)',
    () => listGroupDescendants(guid, 0),
  ],
  ['GET /groups/auditLogs (listGroupAuditLogs)', () => listGroupAuditLogs({ page })],
  ['GET /devices (listDevices)', () => listDevices({ page })],
  ['GET /devices/{deviceIdentifier} (getDevice)', () => getDevice('SF80008823')],
  [
    'GET /devices/vehicleAssignments (listVehicleAssignments)',
    () =>
      listVehicleAssignments({
        page,
        startDate: lastWeek.from.toISOString(),
        endDate: lastWeek.to.toISOString(),
      }),
  ],
  ['GET /v0/vehicles/all (listVehicles)', () => listVehicles({ page })],
  ['GET /v0/vehicles/{id} (getVehicle)', () => getVehicle(guid)],
  ['GET /v0/vehicles/statuses (listVehicleStatuses)', () => listVehicleStatuses()],
  ['GET /v0/vehicles/types (listVehicleTypes)', () => listVehicleTypes()],
  ['GET /v0/vehicles/seatbelt-types (listSeatbeltTypes)', () => listSeatbeltTypes()],
  [
    'GET /v0/vehicles/country-subdivisions (listCountrySubdivisions)',
    () => listCountrySubdivisions('US'),
  ],
  ['GET /events (listSafetyEventIds)', () => listSafetyEventIds({ page, ...lastWeek })],
  [
    'GET /eventsWithMetadata (listSafetyEventsWithMetadata)',
    () => listSafetyEventsWithMetadata({ page, ...lastWeek }),
  ],
  [
    'GET /eventsWithMetadata (the review queue worker: readSafetyEventListText)',
    async () => {
      const body = await getSafetyEventsWithMetadataBody({ page, ...lastWeek });
      const read = readSafetyEventListText(await body.text());
      if (!read.ok) throw new Error([read.message, ...read.details].join('\n'));
      return read.events;
    },
  ],
  ['GET /events/{id} (getSafetyEvent)', () => getSafetyEvent(guid)],
  ['GET /events/{eventId}/file (getSafetyEventFile)', () => getSafetyEventFile(guid, 'mp4')],
  ['GET /events/triggers (listSafetyEventTriggers)', () => listSafetyEventTriggers()],
  [
    'GET /events/triggersubtypes (listSafetyEventTriggerSubtypes)',
    () => listSafetyEventTriggerSubtypes(),
  ],
  ['GET /events/statuses (listSafetyEventStatuses)', () => listSafetyEventStatuses()],
  ['GET /events/behaviors (listSafetyEventBehaviors)', () => listSafetyEventBehaviors()],
  ['GET /events/dynamicRisks (listSafetyEventDynamicRisks)', () => listSafetyEventDynamicRisks()],
  [
    'GET /v1/geofences (listGeofences, the map)',
    () => listGeofences({ page, sort: 'name', order: 'asc' }),
  ],
  ['GET /v1/geofences?geofenceIdentifier= (getGeofence)', () => getGeofence(guid)],
  [
    'GET /v1/geofence/activations (listGeofenceActivations)',
    () => listGeofenceActivations({ page }),
  ],
  [
    'GET /v1/geofence/activations/endreason (listActivationEndReasons)',
    () => listActivationEndReasons(),
  ],
  ['GET /v1/driver-assignments (listDriverAssignments)', () => listDriverAssignments({ page })],
  ['GET /v1/driver-assignments/status (getSubmissionStatus)', () => getSubmissionStatus(123456)],
  ['GET /v1/driver-assignments/result (getSubmissionResult)', () => getSubmissionResult(123456)],
  ['GET ECM /vehicles (listEcmVehicles)', () => listEcmVehicles(page)],
  ['GET ECM /vehicles/{vehicleId} (getEcmVehicle)', () => getEcmVehicle(ecmVehicleId)],
  ['GET ECM /vehicles/{vehicleId}/odometer (getEcmOdometer)', () => getEcmOdometer(ecmVehicleId)],
  [
    'GET ECM /vehicles/{vehicleId}/location (getEcmLocation)',
    () => getEcmLocation(ecmVehicleId, lastWeek.to),
  ],
];

/** The reader's own words when it refuses an answer: its message and what it found wrong. */
async function readOrExplain(read: () => Promise<unknown>): Promise<void> {
  try {
    await read();
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new Error(
      [`${error.code}: ${error.message}`, ...error.details, error.raw ?? '']
        .filter(Boolean)
        .join('\n'),
    );
  }
}

describe.skipIf(mock.skipped !== null)("the console's readers against the vendor's mock", () => {
  for (const origin of mock.origins) {
    describe(origin.label, () => {
      beforeAll(() => configureVendorApiClient(origin.url));

      for (const [operation, read] of reads) {
        test(`${operation} (${origin.label})`, () => readOrExplain(read));
      }

      test(`sent no request its OpenAPI file does not publish (${origin.label})`, () => {
        const { summary, problems } = checkVendorMockLogs(origin.logDir, origin.label);
        console.log(summary);
        expect(problems).toEqual([]);
      });
    });
  }
});
