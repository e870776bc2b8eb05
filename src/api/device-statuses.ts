// Kept apart from devices.ts (and zod) because the devices route's search validation needs it,
// and route definitions load before every page.
/** The service statuses the contract and the service are known to use; the API lists none. */
export const knownDeviceStatuses = [
  'In Service',
  'Spare',
  'Pending Removal from Fleet',
  'Returned for Repair',
] as const;
