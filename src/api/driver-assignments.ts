import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { apiRequest } from './client';
import { offsetEnvelope, requestListPage } from './list-request';
import { offsetListMetadataSchema, type Page, type PageRequest } from './paging';
import { userKeys } from './users';

// ---------------------------------------------------------------------------------------------
// Submission status and validation codes
// ---------------------------------------------------------------------------------------------

/**
 * The service reports a submission log's state as an integer whose values are not published;
 * these are our reading, shared with the fake service (Driver Assignment API,
 * GET /v1/driver-assignments/status). Change them only here.
 */
export const SUBMISSION_STATUS_IN_PROGRESS = 1;
export const SUBMISSION_STATUS_COMPLETE = 2;

export function isSubmissionComplete(submissionStatusId: number): boolean {
  return submissionStatusId === SUBMISSION_STATUS_COMPLETE;
}

export type ValidationCodeKind = 'success' | 'info' | 'error';

export interface ValidationCodeDescription {
  kind: ValidationCodeKind;
  explanation: string;
}

/** A known code's kind and explanation, translated when asked for (see describeValidationCode). */
interface KnownValidationCode {
  kind: ValidationCodeKind;
  explanation: MessageDescriptor;
}

/** Per-entry codes of a dispatch submission (seed section 7), explained for dispatchers. */
export const DISPATCH_VALIDATION_CODES = {
  SUCCESS: { kind: 'success', explanation: msg`The entry was accepted.` },
  E_UNKNOWN: {
    kind: 'error',
    explanation: msg`The service could not process this entry for an unknown reason. Try again.`,
  },
  E_NO_MATCH: { kind: 'error', explanation: msg`No matching driver or vehicle was found.` },
  E_NO_MATCH_DRIVER: {
    kind: 'error',
    explanation: msg`No driver has this employee ID. Check the ID, or allow drivers to be added automatically.`,
  },
  E_NO_MATCH_VEHICLE: {
    kind: 'error',
    explanation: msg`No vehicle has this name. Check the spelling against the vehicle list.`,
  },
  E_ACCESS_DENIED: {
    kind: 'error',
    explanation: msg`The vehicle or the driver is outside your groups, so this schedule cannot be set.`,
  },
  E_CREATE_USER_ACCESS_DENIED: {
    kind: 'error',
    explanation: msg`The driver would have been added to the vehicle’s group, which is outside your groups.`,
  },
  E_DUPLICATE_USERNAME_OR_EMPLOYEENUM: {
    kind: 'error',
    explanation: msg`An active user already has this username or employee ID.`,
  },
  E_CREATE_USER_INCLUDE_SPECIAL_CHARACTER: {
    kind: 'error',
    explanation: msg`The first name, last name or employee ID contains a special character, so the driver could not be added.`,
  },
  I_CREATE_USER_SUCCESS: {
    kind: 'info',
    explanation: msg`The driver did not exist and was added.`,
  },
  I_DUPLICATE_RULE: {
    kind: 'info',
    explanation: msg`This entry repeated an existing schedule; the older one was replaced.`,
  },
  E_CONFLICTING_SCHEDULE: {
    kind: 'error',
    explanation: msg`A similar schedule already exists or was processed moments ago.`,
  },
  E_FIRSTNAME_OR_LASTNAME_NOT_ALLOW_NULL: {
    kind: 'error',
    explanation: msg`To add a driver automatically, give both a first and a last name.`,
  },
  E_DUPLICATE_VEHICLES: {
    kind: 'error',
    explanation: msg`Several vehicles in your groups share this name, so the service cannot tell which is meant. Rename them to be unique.`,
  },
} as const satisfies Record<string, KnownValidationCode>;

type DispatchValidationCode = keyof typeof DISPATCH_VALIDATION_CODES;

function isKnownValidationCode(code: string): code is DispatchValidationCode {
  return Object.hasOwn(DISPATCH_VALIDATION_CODES, code);
}

/** Unknown codes still get a kind from their prefix: E_ error, I_ info. */
export function describeValidationCode(code: string): ValidationCodeDescription {
  if (isKnownValidationCode(code)) {
    const { kind, explanation } = DISPATCH_VALIDATION_CODES[code];
    return { kind, explanation: translate(explanation) };
  }
  if (code.startsWith('I_')) {
    return { kind: 'info', explanation: translate(msg`The service noted: ${code}.`) };
  }
  return { kind: 'error', explanation: translate(msg`The service rejected this entry (${code}).`) };
}

// ---------------------------------------------------------------------------------------------
// Schemas and types (Driver Assignment API: GET /v1/driver-assignments, DriverDispatchRequest, ...)
// ---------------------------------------------------------------------------------------------

const driverVehicleAssignmentSchema = z.object({
  /** The vehicle ID. */
  id: z.string().nullish(),
  vehicleName: z.string().nullish(),
  deviceId: z.string().nullish(),
  /** Capital S, as the service spells it. */
  SerialNumber: z.string().nullish(),
  imei: z.string().nullish(),
  licensePlate: z.string().nullish(),
  vin: z.string().nullish(),
  assignmentStartDate: z.string().nullish(),
  assignmentEndDate: z.string().nullish(),
});

/** One driver with the vehicles they used. */
const driverAssignmentSchema = z.object({
  userId: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  employeeNumber: z.string().nullish(),
  vehicles: z
    .array(driverVehicleAssignmentSchema)
    .nullish()
    .transform((vehicles) => vehicles ?? []),
});
export type DriverAssignment = z.infer<typeof driverAssignmentSchema>;

const driverAssignmentListResponseSchema = z.object({
  metadata: offsetListMetadataSchema
    .extend({ startDate: z.string().nullish(), endDate: z.string().nullish() })
    .nullish(),
  data: z.array(driverAssignmentSchema).nullish(),
});

const dispatchEntrySchema = z.object({
  /** The driver's employee ID. */
  userIdentifier: z.string().nullish(),
  /** Used to add the driver when none matches; `id` is the new driver's employee number. */
  user: z
    .object({
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      id: z.string().nullish(),
    })
    .nullish(),
  /** The vehicle name. */
  vehicleIdentifier: z.string().nullish(),
  startDate: z.string(),
  endDate: z.string(),
});
export type DispatchEntry = z.infer<typeof dispatchEntrySchema>;

export const dispatchRequestSchema = z.object({
  /** true = check only, nothing is stored. */
  validate: z.boolean(),
  autoAddDriver: z.boolean(),
  entries: z.array(dispatchEntrySchema),
});
export type DispatchRequest = z.infer<typeof dispatchRequestSchema>;

const dispatchEntryResponseSchema = z.object({
  submissionId: z.number().int().nullish(),
  employeeId: z.string().nullish(),
  driverFirstName: z.string().nullish(),
  driverLastName: z.string().nullish(),
  vehicleName: z.string().nullish(),
  responseCodeId: z.string(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});

const dispatchResponseSchema = z.object({
  data: z.object({
    submissionBatchId: z.number().int(),
    entries: z
      .array(dispatchEntryResponseSchema)
      .nullish()
      .transform((entries) => entries ?? []),
  }),
});
export type DispatchSubmission = z.infer<typeof dispatchResponseSchema>['data'];

const submissionStatusResponseSchema = z.object({
  data: z.object({ submissionStatusId: z.number().int() }),
});

const submissionResultSchema = z.object({
  submissionId: z.number().int().nullish(),
  driverFirstName: z.string().nullish(),
  driverLastName: z.string().nullish(),
  employeeId: z.string().nullish(),
  vehicleName: z.string().nullish(),
  responseCodeId: z.string(),
  assignmentsModified: z.number().int().nullish(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

const submissionResultResponseSchema = z.object({
  data: z.object({ results: z.array(submissionResultSchema).nullish() }).nullish(),
});

export interface DriverAssignmentListParams {
  page: PageRequest;
  /** Vehicle ID or VIN. */
  vehicleIdentifier?: string;
  /** User ID or name. */
  userIdentifier?: string;
  /** Group ID or name. */
  groupIdentifier?: string;
  startDate?: string;
  endDate?: string;
  order?: 'asc' | 'desc';
  sort?: string;
  includeSubgroups?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** Actual driver usage of vehicles, grouped per driver. */
export function listDriverAssignments(
  params: DriverAssignmentListParams,
  signal?: AbortSignal,
): Promise<Page<DriverAssignment>> {
  return requestListPage({
    service: 'driverAssignments',
    path: '/v1/driver-assignments',
    ...offsetEnvelope<DriverAssignment>(),
    page: params.page,
    filters: {
      vehicleIdentifier: params.vehicleIdentifier,
      userIdentifier: params.userIdentifier,
      groupIdentifier: params.groupIdentifier,
      startDate: params.startDate,
      endDate: params.endDate,
      order: params.order,
      sort: params.sort,
      includeSubgroups: params.includeSubgroups,
    },
    schema: driverAssignmentListResponseSchema,
    signal,
  });
}

/** Submits a planned schedule; each entry comes back with a validation code. */
export async function submitDispatch(body: DispatchRequest): Promise<DispatchSubmission> {
  const response = await apiRequest({
    service: 'driverAssignments',
    method: 'POST',
    path: '/v1/driver-assignments/dispatch',
    body,
    schema: dispatchResponseSchema,
  });
  return response.data;
}

export async function getSubmissionStatus(
  submissionBatchId: number,
  signal?: AbortSignal,
): Promise<number> {
  const response = await apiRequest({
    service: 'driverAssignments',
    path: '/v1/driver-assignments/status',
    query: { submissionBatchId },
    schema: submissionStatusResponseSchema,
    signal,
  });
  return response.data.submissionStatusId;
}

export async function getSubmissionResult(
  submissionBatchId: number,
  signal?: AbortSignal,
): Promise<SubmissionResult[]> {
  const response = await apiRequest({
    service: 'driverAssignments',
    path: '/v1/driver-assignments/result',
    query: { submissionBatchId },
    schema: submissionResultResponseSchema,
    signal,
  });
  return response.data?.results ?? [];
}

// ---------------------------------------------------------------------------------------------
// Query keys and options
// ---------------------------------------------------------------------------------------------

/** Status polling: first after 1 s, then 1.5 times longer each time, never more than 15 s apart. */
const SUBMISSION_STATUS_POLL_FIRST_MS = 1000;
export const SUBMISSION_STATUS_POLL_MAX_MS = 15_000;

/** The wait before the next status check, after `checksSoFar` answers saying "in progress". */
export function submissionStatusPollDelayMs(checksSoFar: number): number {
  return Math.min(
    SUBMISSION_STATUS_POLL_MAX_MS,
    Math.round(SUBMISSION_STATUS_POLL_FIRST_MS * 1.5 ** Math.max(0, checksSoFar - 1)),
  );
}

export const driverAssignmentKeys = {
  all: ['driver-assignments'] as const,
  lists: () => [...driverAssignmentKeys.all, 'list'] as const,
  list: (params: DriverAssignmentListParams) => [...driverAssignmentKeys.lists(), params] as const,
  submissions: () => [...driverAssignmentKeys.all, 'submission'] as const,
  submissionStatus: (submissionBatchId: number) =>
    [...driverAssignmentKeys.submissions(), submissionBatchId, 'status'] as const,
  submissionResult: (submissionBatchId: number) =>
    [...driverAssignmentKeys.submissions(), submissionBatchId, 'result'] as const,
};

export function driverAssignmentListQueryOptions(params: DriverAssignmentListParams) {
  return queryOptions({
    queryKey: driverAssignmentKeys.list(params),
    queryFn: ({ signal }) => listDriverAssignments(params, signal),
  });
}

/** Polls with backoff until the submission log is complete. */
export function submissionStatusQueryOptions(submissionBatchId: number) {
  return queryOptions({
    queryKey: driverAssignmentKeys.submissionStatus(submissionBatchId),
    queryFn: ({ signal }) => getSubmissionStatus(submissionBatchId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      // After an error (the client has already retried) the page offers "Try again" instead.
      if (query.state.status === 'error') return false;
      if (query.state.data !== undefined && isSubmissionComplete(query.state.data)) return false;
      return submissionStatusPollDelayMs(query.state.dataUpdateCount);
    },
    // A batch takes minutes at most; keep following it while the user looks at another tab.
    refetchIntervalInBackground: true,
  });
}

export function submissionResultQueryOptions(submissionBatchId: number) {
  return queryOptions({
    queryKey: driverAssignmentKeys.submissionResult(submissionBatchId),
    queryFn: ({ signal }) => getSubmissionResult(submissionBatchId, signal),
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/**
 * A dispatch is a plan, not actual usage, so the assignment list is unaffected; only drivers
 * added automatically change another cache (the user lists).
 */
export function useSubmitDispatchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDispatch,
    onSuccess: (submission, request) => {
      const addedDriver = submission.entries.some(
        (entry) => entry.responseCodeId === 'I_CREATE_USER_SUCCESS',
      );
      if (request.validate || !addedDriver) return;
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
