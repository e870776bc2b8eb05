import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import {
  describeValidationCode,
  DISPATCH_VALIDATION_CODES,
  getSubmissionResult,
  getSubmissionStatus,
  isSubmissionComplete,
  listDriverAssignments,
  submitDispatch,
  SUBMISSION_STATUS_COMPLETE,
  SUBMISSION_STATUS_IN_PROGRESS,
  SUBMISSION_STATUS_POLL_MAX_MS,
  submissionStatusPollDelayMs,
} from './driver-assignments';

const assignmentsUrl = `${TEST_SERVICE_BASE_URL}/v1/driver-assignments`;

beforeEach(() => configureTestApiClient());

describe('listDriverAssignments', () => {
  it('reads assignments grouped per driver, keeping SerialNumber as spelled', async () => {
    const requests = serveForTest('get', assignmentsUrl, () =>
      HttpResponse.json({
        metadata: {
          offset: 0,
          limit: 10,
          count: 1,
          startDate: '2023-06-01',
          endDate: '2023-06-02',
        },
        data: [
          {
            userId: 'u-1',
            firstName: 'Dan',
            lastName: 'Okafor',
            vehicles: [{ id: 'v-1', vehicleName: 'Truck 12', SerialNumber: 'ER946234' }],
          },
          { userId: 'u-2', vehicles: null },
        ],
      }),
    );
    const page = await listDriverAssignments({
      page: { pageIndex: 0, pageSize: 10 },
      includeSubgroups: true,
      sort: 'SerialNumber',
    });
    expect(page.items[0]!.vehicles[0]!.SerialNumber).toBe('ER946234');
    expect(page.items[1]!.vehicles).toEqual([]);
    expect(searchParamsOf(requests).get('includeSubgroups')).toBe('true');
  });

  it('treats a 204 and data: null as no assignments', async () => {
    serveForTest('get', assignmentsUrl, () => new HttpResponse(null, { status: 204 }));
    await expect(
      listDriverAssignments({ page: { pageIndex: 0, pageSize: 10 } }),
    ).resolves.toMatchObject({
      items: [],
    });
    serveForTest('get', assignmentsUrl, () =>
      HttpResponse.json({ metadata: { count: 0 }, data: null }),
    );
    await expect(
      listDriverAssignments({ page: { pageIndex: 0, pageSize: 10 } }),
    ).resolves.toMatchObject({
      items: [],
    });
  });
});

describe('dispatch submissions', () => {
  it('submits the schedule and unwraps {data: {submissionBatchId, entries}}', async () => {
    const requests = serveForTest('post', `${assignmentsUrl}/dispatch`, () =>
      HttpResponse.json(
        {
          data: {
            submissionBatchId: 90017,
            entries: [
              {
                submissionId: 1,
                employeeId: 'emp123',
                vehicleName: 'Toyota',
                responseCodeId: 'SUCCESS',
              },
            ],
          },
        },
        { status: 201 },
      ),
    );
    const body = {
      validate: false,
      autoAddDriver: true,
      entries: [
        {
          userIdentifier: 'emp123',
          user: { firstName: 'Dan', lastName: 'Okafor', id: 'emp123' },
          vehicleIdentifier: 'Toyota',
          startDate: '2024-10-01T06:00:00Z',
          endDate: '2024-10-01T18:00:00Z',
        },
      ],
    };
    const submission = await submitDispatch(body);
    expect(submission.submissionBatchId).toBe(90017);
    expect(submission.entries[0]!.responseCodeId).toBe('SUCCESS');
    expect(await requests[0]!.json()).toEqual(body);
  });

  it('asks for status and result by submissionBatchId', async () => {
    const status = serveForTest('get', `${assignmentsUrl}/status`, () =>
      HttpResponse.json({ data: { submissionStatusId: SUBMISSION_STATUS_IN_PROGRESS } }),
    );
    await expect(getSubmissionStatus(90017)).resolves.toBe(SUBMISSION_STATUS_IN_PROGRESS);
    expect(searchParamsOf(status).get('submissionBatchId')).toBe('90017');

    serveForTest('get', `${assignmentsUrl}/result`, () =>
      HttpResponse.json({
        data: {
          results: [
            { submissionId: 1, responseCodeId: 'E_NO_MATCH_VEHICLE', assignmentsModified: 0 },
          ],
        },
      }),
    );
    await expect(getSubmissionResult(90017)).resolves.toEqual([
      { submissionId: 1, responseCodeId: 'E_NO_MATCH_VEHICLE', assignmentsModified: 0 },
    ]);

    serveForTest('get', `${assignmentsUrl}/result`, () => HttpResponse.json({ data: null }));
    await expect(getSubmissionResult(90017)).resolves.toEqual([]);
  });

  it('reads the driver-assignment error casing {Error, Message}', async () => {
    serveForTest('get', `${assignmentsUrl}/status`, () =>
      HttpResponse.json(
        { Error: 'Not Found', Message: 'Submission batch not found.' },
        { status: 404 },
      ),
    );
    await expect(getSubmissionStatus(1)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Submission batch not found.',
    });
  });

  it('polls the status with backoff: 1 s, then 1.5 times longer, at most 15 s apart', () => {
    expect([0, 1, 2, 3, 4].map(submissionStatusPollDelayMs)).toEqual([
      1000, 1000, 1500, 2250, 3375,
    ]);
    expect(submissionStatusPollDelayMs(50)).toBe(SUBMISSION_STATUS_POLL_MAX_MS);
  });

  it('keeps the status literals in one place', () => {
    expect(isSubmissionComplete(SUBMISSION_STATUS_COMPLETE)).toBe(true);
    expect(isSubmissionComplete(SUBMISSION_STATUS_IN_PROGRESS)).toBe(false);
  });
});

describe('validation codes', () => {
  it('explains every code of the spec with its kind', () => {
    expect(Object.keys(DISPATCH_VALIDATION_CODES)).toHaveLength(14);
    for (const code of Object.keys(DISPATCH_VALIDATION_CODES)) {
      const description = describeValidationCode(code);
      const expectedKind =
        code === 'SUCCESS' ? 'success' : code.startsWith('I_') ? 'info' : 'error';
      expect(description.kind).toBe(expectedKind);
      expect(description.explanation.length).toBeGreaterThan(10);
    }
  });

  it('still classifies a code it does not know by its prefix', () => {
    expect(describeValidationCode('I_SOMETHING_NEW').kind).toBe('info');
    expect(describeValidationCode('E_SOMETHING_NEW').kind).toBe('error');
    expect(describeValidationCode('E_DUPLICATE_VEHICLES')).toEqual({
      kind: 'error',
      explanation:
        'Several vehicles in your groups share this name, so the service cannot tell which is meant. Rename them to be unique.',
    });
  });
});
