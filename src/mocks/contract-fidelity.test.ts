// @vitest-environment jsdom
/**
 * The demo service against the console's own contract schemas: every endpoint of the
 * specification is called through the typed API modules (which parse each body with the
 * contract's shape), and every modern route refuses a missing or expired token.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as devicesApi from '@/api/devices';
import * as driverAssignmentsApi from '@/api/driver-assignments';
import * as ecmApi from '@/api/ecm';
import * as geofencesApi from '@/api/geofences';
import * as groupsApi from '@/api/groups';
import * as safetyApi from '@/api/safety-events';
import * as usersApi from '@/api/users';
import * as vehiclesApi from '@/api/vehicles';
import { demoAccounts, demoEcmApiKey } from '@/config/demo-accounts';
import { configureTestApiClient, TEST_ECM_BASE_URL } from '@/test/test-client';
import { resetMockService } from './state';
import { signInForTest, TEST_API_BASE } from './test-helpers';

const firstPage = { pageIndex: 0, pageSize: 5 };
const dayMs = 24 * 3600 * 1000;

async function signInAndConfigureClient(
  username: string = demoAccounts[0].username,
): Promise<string> {
  const token = await signInForTest(username);
  configureTestApiClient({
    getAccessToken: () => token,
    getEcmAccess: () => ({ apiKey: demoEcmApiKey, baseUrl: TEST_ECM_BASE_URL }),
  });
  return token;
}

describe('every endpoint answers in the contract shape', () => {
  beforeEach(async () => {
    await signInAndConfigureClient();
  });

  it('users (4.2)', async () => {
    const users = await usersApi.listUsers({ page: firstPage });
    expect(users.items.length).toBeGreaterThan(0);
    const user = users.items[0]!;
    await expect(usersApi.getUser(user.userId)).resolves.toMatchObject({ userId: user.userId });
    const roles = await usersApi.listRoles();
    expect(roles.some((role) => role.name === 'Group Manager')).toBe(true);
    const group = (await groupsApi.listGroups({ page: firstPage })).items[0]!;
    const created = await usersApi.createUser({
      firstName: 'Ada',
      lastName: 'Quinn',
      groupRoles: [{ groupId: group.id, roleId: roles[0]!.id }],
    });
    expect(created.username).toBeTruthy();
    const updated = await usersApi.updateUser(created.userId, {
      firstName: 'Ada',
      lastName: 'Quinn-Byrne',
      email: '',
      employeeId: '',
      username: created.username ?? '',
      status: 'Active',
      loginEnabled: false,
      allowVideoSearchDownload: false,
      cellPhoneCountry: '',
      cellPhoneNumber: '',
      primaryGroupId: group.id,
      groupRoles: [{ groupId: group.id, roleId: roles[0]!.id }],
    });
    expect(updated.lastName).toBe('Quinn-Byrne');
    const patched = await usersApi.patchUserGroupRoles(created.userId, [
      { op: 'add', path: '/roles', value: { groupId: group.id, roleId: roles[1]!.id } },
    ]);
    expect(patched.groupRoles).toHaveLength(2);
  });

  it('groups (4.3)', async () => {
    const groups = await groupsApi.listGroups({ page: { pageIndex: 0, pageSize: 100 } });
    const root = groups.items.find((group) => group.id === group.rootGroupId)!;
    await expect(groupsApi.getGroup(root.id)).resolves.toMatchObject({ id: root.id });
    const child = await groupsApi.createGroup({ name: 'Fidelity Team', parentId: root.id });
    const renamed = await groupsApi.updateGroup(child.id, { name: 'Fidelity Crew' });
    expect(renamed.revision).toBeGreaterThan(child.revision);
    const descendants = await groupsApi.listGroupDescendants(root.id, 0);
    expect(descendants).toContain(child.id);
    const audit = await groupsApi.listGroupAuditLogs({ page: firstPage });
    expect(audit.items.length).toBeGreaterThan(0);
    const imported = await groupsApi.bulkImportGroups(
      new Blob([
        `Group Name,Description,Subgroups,Lytx Account Parent Group\nImported Yard,,,${root.name}\n`,
      ]),
    );
    expect(imported.importedGroups.length + imported.groupsFailedToImport.length).toBeGreaterThan(
      0,
    );
    const region = groups.items.find(
      (group) => group.parentId === root.id && group.id !== root.id,
    )!;
    const moved = await groupsApi.bulkMoveGroups([{ groupId: child.id, newParentId: region.id }]);
    expect(moved.MovedGroups.map((group) => group.id)).toContain(child.id);
    await expect(groupsApi.deleteGroup(child.id)).resolves.toBeUndefined();
  });

  it('devices (4.4)', async () => {
    const devices = await devicesApi.listDevices({ page: firstPage });
    const device = devices.items[0]!;
    await expect(
      devicesApi.getDevice(device.serialNumber ?? device.deviceId),
    ).resolves.toMatchObject({
      deviceId: device.deviceId,
    });
    const changes = await devicesApi.listVehicleAssignments({
      page: firstPage,
      startDate: new Date(Date.now() - 6 * dayMs).toISOString(),
      endDate: new Date().toISOString(),
    });
    expect(Array.isArray(changes.items)).toBe(true);
  });

  it('vehicles (4.5)', async () => {
    const vehicles = await vehiclesApi.listVehicles({ page: firstPage });
    expect(vehicles.total).toBeGreaterThan(0);
    const vehicle = vehicles.items[0]!;
    await expect(vehiclesApi.getVehicle(vehicle.id)).resolves.toMatchObject({ id: vehicle.id });
    expect((await vehiclesApi.listVehicleStatuses()).length).toBeGreaterThan(0);
    expect((await vehiclesApi.listVehicleTypes()).length).toBeGreaterThan(0);
    expect((await vehiclesApi.listSeatbeltTypes()).length).toBeGreaterThan(0);
    expect((await vehiclesApi.listCountrySubdivisions('US')).length).toBeGreaterThan(0);
    const created = await vehiclesApi.createVehicle({
      name: 'Fidelity Van 1',
      groupId: vehicle.groupId,
    });
    const patched = await vehiclesApi.updateVehicle(created.vehicleId, { make: 'Ford' });
    expect(patched).toMatchObject({ name: 'Fidelity Van 1', make: 'Ford' });
    await expect(vehiclesApi.deleteVehicle(created.vehicleId)).resolves.toBeUndefined();
  });

  it('safety events (4.6)', async () => {
    const range = { from: new Date(Date.now() - 14 * dayMs), to: new Date() };
    const ids = await safetyApi.listSafetyEventIds({ page: firstPage, ...range });
    expect(ids.items.length).toBeGreaterThan(0);
    const events = await safetyApi.listSafetyEventsWithMetadata({ page: firstPage, ...range });
    const event = events.items[0]!;
    await expect(safetyApi.getSafetyEvent(event.id)).resolves.toMatchObject({ id: event.id });
    for (const list of [
      safetyApi.listSafetyEventTriggers,
      safetyApi.listSafetyEventTriggerSubtypes,
      safetyApi.listSafetyEventStatuses,
      safetyApi.listSafetyEventBehaviors,
      safetyApi.listSafetyEventDynamicRisks,
    ]) {
      expect((await list()).length).toBeGreaterThan(0);
    }
    const withFile = (
      await safetyApi.listSafetyEventsWithMetadata({
        page: { pageIndex: 0, pageSize: 50 },
        ...range,
      })
    ).items;
    let served = false;
    for (const candidate of withFile) {
      const file = await safetyApi.getSafetyEventFile(candidate.id, 'mp4').catch(() => null);
      if (file) {
        expect(file.size).toBeGreaterThan(1000);
        served = true;
        break;
      }
    }
    expect(served).toBe(true);
  });

  it('geofences (4.7)', async () => {
    const geofences = await geofencesApi.listGeofences({ page: firstPage });
    expect(geofences.items.length).toBeGreaterThan(0);
    const geofence = geofences.items[0]!;
    const created = await geofencesApi.createGeofence({
      name: 'Fidelity Yard',
      isInside: true,
      colorHex: '#228be6',
      inclusive: true,
      visible: true,
      isActive: true,
      geofenceGeography: {
        shapeType: 3,
        points: [{ latitude: 45.55, longitude: -122.67 }],
        radius: 150,
      },
    });
    const updated = await geofencesApi.updateGeofence(created.geofenceId, {
      name: 'Fidelity Yard North',
      isInside: true,
      colorHex: '#228be6',
      inclusive: true,
      visible: true,
      isActive: true,
      geofenceGeography: {
        shapeType: 3,
        points: [{ latitude: 45.56, longitude: -122.67 }],
        radius: 200,
      },
    });
    expect(updated.name).toBe('Fidelity Yard North');
    await expect(geofencesApi.deleteGeofence(created.geofenceId)).resolves.toBeUndefined();
    const activations = await geofencesApi.listGeofenceActivations({
      page: firstPage,
      geofenceIdentifier: geofence.geofenceId,
    });
    expect(Array.isArray(activations.items)).toBe(true);
    expect((await geofencesApi.listActivationEndReasons()).length).toBeGreaterThan(0);
  });

  it('driver assignments and dispatch (4.8)', async () => {
    const assignments = await driverAssignmentsApi.listDriverAssignments({ page: firstPage });
    expect(assignments.items.length).toBeGreaterThan(0);
    const vehicle = (await vehiclesApi.listVehicles({ page: firstPage })).items[0]!;
    const driver = (await usersApi.listUsers({ page: { pageIndex: 0, pageSize: 50 } })).items.find(
      (user) => user.employeeId,
    )!;
    const start = new Date(Date.now() + 40 * dayMs);
    const submission = await driverAssignmentsApi.submitDispatch({
      validate: false,
      autoAddDriver: false,
      entries: [
        {
          userIdentifier: driver.employeeId ?? null,
          user: null,
          vehicleIdentifier: vehicle.name,
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 8 * 3600 * 1000).toISOString(),
        },
      ],
    });
    expect(submission.entries[0]?.responseCodeId).toBeTruthy();
    const status = await driverAssignmentsApi.getSubmissionStatus(submission.submissionBatchId);
    expect(status).toBe(driverAssignmentsApi.SUBMISSION_STATUS_IN_PROGRESS);
    const result = await driverAssignmentsApi.getSubmissionResult(submission.submissionBatchId);
    expect(Array.isArray(result)).toBe(true);
  });

  it('legacy ECM (4.9)', async () => {
    const page = await ecmApi.listEcmVehicles(firstPage);
    expect(page.items.length).toBeGreaterThan(0);
    const vehicleId = page.items[0]!.vehicleId;
    await expect(ecmApi.getEcmVehicle(vehicleId)).resolves.toMatchObject({ vehicleId });
    await expect(ecmApi.getEcmOdometer(vehicleId)).resolves.toBeDefined();
    await expect(ecmApi.getEcmLocation(vehicleId)).resolves.toMatchObject({
      latitude: expect.any(Number),
    });
  });
});

/** Every modern route of the specification, with an ID that exists where the path needs one. */
const modernRoutes: [method: string, path: string][] = [
  ['GET', '/v1/users'],
  ['POST', '/v1/users'],
  ['GET', '/v1/users/roles'],
  ['GET', '/v1/users/{userId}'],
  ['PUT', '/v1/users/{userId}'],
  ['PATCH', '/v1/users/{userId}/groupRoles'],
  ['GET', '/v1/groups'],
  ['POST', '/v1/groups'],
  ['GET', '/v1/groups/{groupId}'],
  ['PUT', '/v1/groups/{groupId}'],
  ['DELETE', '/v1/groups/{groupId}'],
  ['GET', '/v1/groups/{groupId}/descendants'],
  ['GET', '/v1/groups/auditLogs'],
  ['POST', '/v1/groups/bulkImport'],
  ['POST', '/v1/groups/bulkMove'],
  ['GET', '/v1/devices'],
  ['GET', '/v1/devices/{deviceId}'],
  ['GET', '/v1/devices/vehicleAssignments'],
  ['POST', '/v0/vehicles/all'],
  ['GET', '/v0/vehicles/all'],
  ['GET', '/v0/vehicles/{vehicleId}'],
  ['PATCH', '/v0/vehicles/{vehicleId}'],
  ['DELETE', '/v0/vehicles/{vehicleId}'],
  ['GET', '/v0/vehicles/statuses'],
  ['GET', '/v0/vehicles/types'],
  ['GET', '/v0/vehicles/seatbelt-types'],
  ['GET', '/v0/vehicles/country-subdivisions?countryCode=US'],
  ['GET', '/v0/video/safety/events/triggers'],
  ['GET', '/v0/video/safety/eventsWithMetadata?from=2026-01-01T00:00:00&to=2026-01-02T00:00:00'],
  ['GET', '/v0/video/safety/events'],
  ['GET', '/v0/video/safety/events/statuses'],
  ['GET', '/v0/video/safety/events/behaviors'],
  ['GET', '/v0/video/safety/events/dynamicRisks'],
  ['GET', '/v0/video/safety/events/{eventId}/file?format=mp4'],
  ['GET', '/v0/video/safety/events/triggersubtypes'],
  ['GET', '/v0/video/safety/events/{eventId}'],
  ['POST', '/v1/geofences'],
  ['GET', '/v1/geofences'],
  ['DELETE', '/v1/geofences/{geofenceId}'],
  ['PUT', '/v1/geofences/{geofenceId}'],
  ['GET', '/v1/geofence/activations'],
  ['GET', '/v1/geofence/activations/endreason'],
  ['GET', '/v1/driver-assignments'],
  ['POST', '/v1/driver-assignments/dispatch'],
  ['GET', '/v1/driver-assignments/status?submissionBatchId=1'],
  ['GET', '/v1/driver-assignments/result?submissionBatchId=1'],
];

async function realIds(): Promise<Record<string, string>> {
  await signInAndConfigureClient();
  const user = (await usersApi.listUsers({ page: firstPage })).items[0]!;
  const group = (await groupsApi.listGroups({ page: firstPage })).items.at(-1)!;
  const device = (await devicesApi.listDevices({ page: firstPage })).items[0]!;
  const vehicle = (await vehiclesApi.listVehicles({ page: firstPage })).items[0]!;
  const event = (
    await safetyApi.listSafetyEventsWithMetadata({
      page: firstPage,
      from: new Date(Date.now() - 30 * dayMs),
      to: new Date(),
    })
  ).items[0]!;
  const geofence = (await geofencesApi.listGeofences({ page: firstPage })).items[0]!;
  return {
    userId: user.userId,
    groupId: group.id,
    deviceId: device.deviceId,
    vehicleId: vehicle.id,
    eventId: event.id,
    geofenceId: geofence.geofenceId,
  };
}

function call(method: string, path: string, ids: Record<string, string>, token?: string) {
  const url = `${TEST_API_BASE}${path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!)}`;
  return fetch(url, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
}

describe('the demo service enforces authentication like the service', () => {
  it('answers 401 on every modern route without a token', async () => {
    const ids = await realIds();
    for (const [method, path] of modernRoutes) {
      const response = await call(method, path, ids);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 401 on every modern route once the token has expired', async () => {
    const ids = await realIds();
    resetMockService({ tokenTtlSeconds: 60 });
    const token = await signInForTest();
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 61_000);
    for (const [method, path] of modernRoutes) {
      const response = await call(method, path, ids, token);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 on every group route to a user without the Group Manager role', async () => {
    const ids = await realIds();
    const token = await signInForTest(demoAccounts[1].username);
    for (const [method, path] of modernRoutes.filter(([, path]) => path.startsWith('/v1/groups'))) {
      const response = await call(method, path, ids, token);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses the legacy ECM API without the right X-APIKey', async () => {
    const withoutKey = await fetch(`${TEST_ECM_BASE_URL}/vehicles?page=1&pageSize=1`);
    expect(withoutKey.status).toBe(401);
    const wrongKey = await fetch(`${TEST_ECM_BASE_URL}/vehicles?page=1&pageSize=1`, {
      headers: { 'X-APIKey': 'not-the-key' },
    });
    expect(wrongKey.status).toBe(401);
  });
});
