/**
 * The fake service's state: plain, JSON-serialisable records in the published contract's field
 * names, so a snapshot can be persisted (demo mode) and every handler reads one source of truth.
 */

interface MockAccount {
  userId: string;
  username: string;
  /** Demo passwords only; the fake service needs something to compare with. */
  password: string;
  /** Companies with SSO/MFA cannot use the token endpoint. */
  ssoOnly?: boolean;
}

export interface MockToken {
  token: string;
  userId: string;
  expiresAt: number;
}

export interface GroupRecord {
  id: string;
  name: string;
  description: string;
  parentId: string;
  rootGroupId: string;
  revision: number;
  createdDate: string;
  updatedDate: string;
  /** Mandatory groups (the root) cannot be updated or deleted. */
  mandatory: boolean;
}

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'IMPORT' | 'MOVE';

export interface AuditLogRecord {
  logId: string;
  action: AuditAction;
  /** The group as it stood after the action. */
  group: Omit<GroupRecord, 'mandatory'> & { fullPath: string; fullPathId: string };
  isDeleted: boolean;
  deletedDate: string | null;
  actorUserId: string;
  at: string;
  /** Fields served as the vendor's own examples write them, over the usual body (seed/vendor-dialect.ts). */
  servedAs?: Record<string, unknown>;
}

export interface GroupRoleRecord {
  groupId: string;
  roleId: number;
}

export interface RoleRecord {
  id: number;
  name: string;
  description: string;
}

export interface UserRecord {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  employeeId: string | null;
  status: string;
  loginEnabled: boolean;
  allowSafetyEventDownload: boolean | null;
  allowVideoSearchDownload: boolean;
  cellPhoneCountry: string | null;
  cellPhoneNumber: string | null;
  primaryGroupId: string;
  groupRoles: GroupRoleRecord[];
  createdDate: string;
  updatedDate: string;
  lastLoginDate: string | null;
  /** Drivers appear in events and assignments. */
  isDriver: boolean;
}

export interface LookupRecord {
  id: number;
  name: string;
  creationDate: string;
}

export interface VehicleLookupRecord {
  id: number;
  description: string;
  creationDate: string;
}

export interface CountrySubdivisionRecord {
  id: number;
  countryCode: string;
  name: string;
  code: string;
}

export type HibernationDelay =
  | 'UseDefault'
  | 'NoHibernation'
  | 'OneMinute'
  | 'FifteenMinutes'
  | 'OneHour'
  | 'FourHours'
  | 'EightHours'
  | 'TwelveHours'
  | 'EighteenHours'
  | 'SixtyHours';

export interface VehicleRecord {
  id: string;
  name: string;
  type: number;
  status: number;
  seatbeltType: number;
  licensePlateNumber: string | null;
  countrySubdivisionId: number | null;
  lastConnected: string | null;
  groupId: string;
  vin: string | null;
  driverId: string | null;
  deviceId: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  hibernationDelay: HibernationDelay | null;
  /** The legacy ECM API's integer ID for the same vehicle (matched by VIN). */
  legacyVehicleId: number;
  createdDate: string;
}

export interface DeviceRecord {
  deviceId: string;
  serialNumber: string;
  imei: string;
  deviceModel: string;
  firmwareVersion: string;
  build: number;
  groupId: string;
  initialConnection: string;
  lastConnected: string | null;
  status: string;
  vehicleId: string | null;
  createdDate: string;
  updatedDate: string;
}

export interface VehicleAssignmentRecord {
  deviceId: string;
  /** SAMPLE_VEHICLE_ID for a removal. */
  vehicleId: string;
  /** SAMPLE_VEHICLE_ID for an addition. */
  previousVehicleId: string;
  /** Names and groups as they were at the time of the change. */
  vehicleName: string | null;
  groupId: string | null;
  previousVehicleName: string | null;
  previousGroupId: string | null;
  updatedDate: string;
}

export interface EcmReadingRecord {
  legacyVehicleId: number;
  deviceVin: string | null;
  /** km; null when the vehicle has sent no ECM data (odometer answers 204). */
  odometerKm: number | null;
  latitude: number;
  longitude: number;
  gpsDateTime: string;
  direction: number | null;
  speed: number | null;
}

export interface NoteRecord {
  id: string;
  /** Which of the event's note lists it belongs to (the service keeps one list per kind). */
  kind: 'review' | 'coaching' | 'event';
  body: string;
  creationDate: string;
  authorUserId: string;
  firstName: string;
  lastName: string;
}

export interface SafetyEventRecord {
  id: string;
  customerEventId: string;
  eventTriggerId: number;
  eventTriggerSubTypeId: number;
  eventStatusId: number;
  recordDateUTC: string;
  recordDateTZ: string;
  recordDateUTCOffset: number;
  lastUpdatedDate: string;
  downloadedDate: string | null;
  reviewedDate: string | null;
  coachedDate: string | null;
  coachingOverdueDate: string | null;
  revisionDate: string | null;
  creationDate: string;
  score: number;
  erSerialNumber: string;
  deviceId: string;
  groupId: string;
  vehicleId: string | null;
  driverId: string | null;
  coachId: string | null;
  overDue: number | null;
  forwardMax: number | null;
  lateralMax: number | null;
  forwardThreshold: number | null;
  lateralThreshold: number | null;
  shockThreshold: number | null;
  speed: number | null;
  latitude: number | null;
  longitude: number | null;
  heading: number | null;
  notes: NoteRecord[];
  behaviorIds: number[];
  dynamicRiskIds: number[];
  objectRevision: number;
  isCoachable: boolean;
  /** Which demo clip plays for this event; null = the event has no file (404). */
  clip: string | null;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface GeofenceRecord {
  geofenceId: string;
  name: string;
  groupId: string;
  includeSubGroups: boolean;
  isInside: boolean;
  isActive: boolean;
  shapeType: 1 | 2 | 3;
  points: GeoPoint[];
  radius: number;
  color: string;
  inclusive: boolean;
  visible: boolean;
  effectiveDaysOfWeek: string;
  effectiveStartTime: string;
  effectiveEndTime: string;
  effectiveTimezoneOffset: string;
  createdDate: string;
  assetGroupId: string | null;
  assetIncludeSubGroups: boolean;
  assets: { assetId: string; assetType: 'vehicle' | 'equipment' }[];
}

export interface ActivationRecord {
  activationId: string;
  geofenceId: string;
  /** The geofence's name when the activation began, so it outlives a deleted geofence. */
  geofenceName: string;
  vehicleId: string;
  userIdentifier: string | null;
  startPosition: GeoPoint;
  endPosition: GeoPoint | null;
  activationStartDate: string;
  activationEndDate: string | null;
  endReason: number;
  lastUpdateDateTime: string;
}

export interface EndReasonRecord {
  reasonId: number;
  description: string;
  creationDate: string;
}

export interface DriverAssignmentRecord {
  userId: string;
  vehicleId: string;
  deviceId: string | null;
  assignmentStartDate: string;
  assignmentEndDate: string | null;
}

export type ResponseCode =
  | 'SUCCESS'
  | 'E_UNKNOWN'
  | 'E_NO_MATCH'
  | 'E_NO_MATCH_DRIVER'
  | 'E_NO_MATCH_VEHICLE'
  | 'E_ACCESS_DENIED'
  | 'E_CREATE_USER_ACCESS_DENIED'
  | 'E_DUPLICATE_USERNAME_OR_EMPLOYEENUM'
  | 'E_CREATE_USER_INCLUDE_SPECIAL_CHARACTER'
  | 'I_CREATE_USER_SUCCESS'
  | 'I_DUPLICATE_RULE'
  | 'E_CONFLICTING_SCHEDULE'
  | 'E_FIRSTNAME_OR_LASTNAME_NOT_ALLOW_NULL'
  | 'E_DUPLICATE_VEHICLES';

export interface DispatchScheduleRecord {
  submissionId: number;
  employeeId: string | null;
  driverFirstName: string | null;
  driverLastName: string | null;
  vehicleName: string | null;
  /**
   * The vehicle the name was matched to: names repeat across groups, so processing must not match
   * it again. Absent for entries that matched none, and in batches stored before it was kept.
   */
  vehicleId?: string;
  startDate: string;
  endDate: string;
  responseCodeId: ResponseCode;
  assignmentsModified: number;
}

export interface DispatchBatchRecord {
  submissionBatchId: number;
  submittedAt: number;
  /** Epoch ms after which the batch reports complete. */
  completesAt: number;
  /** Whether the successful entries have become driver assignments (done once, after completesAt). */
  applied: boolean;
  entries: DispatchScheduleRecord[];
}

export interface MockDb {
  /** What the data was generated with; a persisted snapshot of another scale is discarded. */
  seedVersion: number;
  scale: number;
  accounts: MockAccount[];
  tokens: MockToken[];
  roles: RoleRecord[];
  groups: GroupRecord[];
  auditLogs: AuditLogRecord[];
  users: UserRecord[];
  vehicleStatuses: VehicleLookupRecord[];
  vehicleTypes: VehicleLookupRecord[];
  seatbeltTypes: LookupRecord[];
  countrySubdivisions: CountrySubdivisionRecord[];
  vehicles: VehicleRecord[];
  devices: DeviceRecord[];
  vehicleAssignments: VehicleAssignmentRecord[];
  ecmReadings: EcmReadingRecord[];
  eventTriggers: LookupRecord[];
  eventTriggerSubTypes: LookupRecord[];
  eventStatuses: LookupRecord[];
  eventBehaviors: LookupRecord[];
  dynamicRisks: LookupRecord[];
  safetyEvents: SafetyEventRecord[];
  geofences: GeofenceRecord[];
  activations: ActivationRecord[];
  endReasons: EndReasonRecord[];
  driverAssignments: DriverAssignmentRecord[];
  dispatchBatches: DispatchBatchRecord[];
  /** Counters for the integer IDs the service hands out. */
  nextIds: { submissionBatchId: number; submissionId: number; legacyVehicleId: number };
}

/** The vehicle ID the device service puts on the empty side of an addition or a removal. */
export const SAMPLE_VEHICLE_ID = '00000000-0000-0000-0000-000000000001';

export function emptyDb(scale: number, seedVersion: number): MockDb {
  return {
    seedVersion,
    scale,
    accounts: [],
    tokens: [],
    roles: [],
    groups: [],
    auditLogs: [],
    users: [],
    vehicleStatuses: [],
    vehicleTypes: [],
    seatbeltTypes: [],
    countrySubdivisions: [],
    vehicles: [],
    devices: [],
    vehicleAssignments: [],
    ecmReadings: [],
    eventTriggers: [],
    eventTriggerSubTypes: [],
    eventStatuses: [],
    eventBehaviors: [],
    dynamicRisks: [],
    safetyEvents: [],
    geofences: [],
    activations: [],
    endReasons: [],
    driverAssignments: [],
    dispatchBatches: [],
    nextIds: { submissionBatchId: 7_300_000_001, submissionId: 1, legacyVehicleId: 500_100 },
  };
}
