import type { RequestHandler } from 'msw';
import { authHandlers } from './auth';
import { devicesHandlers } from './devices';
import { driverAssignmentsHandlers } from './driver-assignments';
import { ecmHandlers } from './ecm';
import { geofencesHandlers } from './geofences';
import { groupsHandlers } from './groups';
import { safetyHandlers } from './safety';
import { usersHandlers } from './users';
import { vehiclesHandlers } from './vehicles';

/**
 * Every route of the fake service. Literal segments come before `:param` routes of the same
 * prefix (e.g. GET /users/roles before GET /users/{userIdentifier}); origins are wildcards so any
 * configured base address matches.
 */
export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...usersHandlers,
  ...groupsHandlers,
  ...geofencesHandlers,
  ...driverAssignmentsHandlers,
  ...vehiclesHandlers,
  ...devicesHandlers,
  ...ecmHandlers,
  ...safetyHandlers,
];
