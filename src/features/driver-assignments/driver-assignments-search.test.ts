import { describe, expect, it } from 'vitest';
import { assignmentRows, driverAssignmentListParams } from './driver-assignments-search';

describe('driverAssignmentListParams', () => {
  it('maps the URL filters to the service parameters, newest first by default', () => {
    expect(
      driverAssignmentListParams({
        groupId: 'g-1',
        driverId: 'u-1',
        vehicleId: 'v-1',
        page: 3,
        pageSize: 50,
      }),
    ).toEqual({
      page: { pageIndex: 2, pageSize: 50 },
      groupIdentifier: 'g-1',
      includeSubgroups: true,
      userIdentifier: 'u-1',
      vehicleIdentifier: 'v-1',
      startDate: undefined,
      endDate: undefined,
      sort: 'assignmentStartDate',
      order: 'desc',
    });
  });

  it('turns a day range into whole local days and sort columns into the service keys', () => {
    const params = driverAssignmentListParams({
      from: '2026-11-01',
      to: '2026-11-03',
      sort: 'serialNumber',
      order: 'asc',
    });
    expect(params.startDate).toBe(new Date(2026, 10, 1).toISOString());
    expect(params.endDate).toBe(new Date(2026, 10, 4).toISOString());
    expect([params.sort, params.order]).toEqual(['SerialNumber', 'asc']);
  });
});

describe('assignmentRows', () => {
  it('gives one row per assignment, keeping open ones without an end', () => {
    const rows = assignmentRows([
      {
        userId: 'u-1',
        firstName: 'Robert',
        lastName: 'Adams',
        employeeNumber: 'CF1011',
        vehicles: [
          {
            id: 'v-1',
            vehicleName: 'PDX-T104',
            SerialNumber: 'QM40012',
            licensePlate: 'ABC123',
            assignmentStartDate: '2026-11-24T06:00:00Z',
            assignmentEndDate: '2026-11-24T16:00:00Z',
          },
          { id: 'v-2', vehicleName: 'PDX-T105', assignmentStartDate: '2026-11-25T06:00:00Z' },
        ],
      },
      { userId: 'u-2', vehicles: [] },
    ]);
    expect(rows).toHaveLength(2);
    // Newest first.
    expect(rows[0]!.vehicleName).toBe('PDX-T105');
    expect(rows[0]!.end).toBeNull();
    expect(rows[1]).toMatchObject({
      driverName: 'Robert Adams',
      employeeNumber: 'CF1011',
      vehicleName: 'PDX-T104',
      serialNumber: 'QM40012',
      licensePlate: 'ABC123',
    });
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
  });

  it('restores the service order that grouping per driver breaks up', () => {
    const drivers = [
      {
        userId: 'u-1',
        lastName: 'Adams',
        vehicles: [
          { id: 'v-1', assignmentStartDate: '2026-11-21T10:00:00Z' },
          { id: 'v-1', assignmentStartDate: '2026-11-19T10:00:00Z' },
        ],
      },
      {
        userId: 'u-2',
        lastName: 'Hughes',
        vehicles: [
          { id: 'v-1', assignmentStartDate: '2026-11-20T10:00:00Z', assignmentEndDate: null },
        ],
      },
    ];
    expect(assignmentRows(drivers).map((row) => row.start)).toEqual([
      '2026-11-21T10:00:00Z',
      '2026-11-20T10:00:00Z',
      '2026-11-19T10:00:00Z',
    ]);
    // Ongoing assignments (no end) come last either way, as the service sorts them.
    expect(assignmentRows(drivers, 'end', 'asc').at(-1)!.userId).toBe('u-2');
    expect(assignmentRows(drivers, 'driver', 'desc')[0]!.lastName).toBe('Hughes');
  });
});
