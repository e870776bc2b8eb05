// Kept apart from devices.ts (and zod) because the devices route's search validation needs it,
// and route definitions load before every page.
/** Device list fields the `sort` parameter accepts. */
export const deviceSortFields = [
  'serialNumber',
  'deviceModel',
  'firmwareVersion',
  'status',
  'groupName',
  'vehicleName',
  'lastConnected',
] as const;
export type DeviceSortField = (typeof deviceSortFields)[number];
