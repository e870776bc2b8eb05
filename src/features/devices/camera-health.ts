import type { Device } from '@/api/devices';
import type { Vehicle } from '@/api/vehicles';

const DAY_MS = 86_400_000;

/** A camera quiet for at least the chosen days, or never heard from (`silentDays` null). */
export interface SilentCamera {
  device: Device;
  /** Whole days since it last connected; null when it never has. */
  silentDays: number | null;
}

/** One firmware version of one camera model, and how many cameras run it. */
export interface FirmwareVersionRow {
  model: string | null;
  version: string | null;
  cameras: number;
  /** Not the newest version present for its model: an update is due. */
  older: boolean;
}

/** What needs attention in one group (the group the records name, not its subgroups). */
export interface GroupHealthRow {
  groupId: string;
  /** The path device records carry for the group, when one of its cameras was read. */
  groupPath: string | null;
  silentCameras: number;
  camerasInNoVehicle: number;
  vehiclesWithNoCamera: number;
  camerasOnOlderFirmware: number;
}

export interface CameraHealth {
  silentCameras: SilentCamera[];
  camerasInNoVehicle: Device[];
  vehiclesWithNoCamera: Vehicle[];
  firmwareVersions: FirmwareVersionRow[];
  /** Cameras whose firmware is older than the newest present for their model. */
  camerasOnOlderFirmware: Device[];
  groups: GroupHealthRow[];
}

/**
 * Compares firmware versions by their dot-separated numbers ("5.9" < "5.10"); a segment that is
 * not a number compares as text after the numbers. Missing versions sort first.
 */
export function compareFirmwareVersions(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  const left = a.trim().split('.');
  const right = b.trim().split('.');
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const x = left[index] ?? '0';
    const y = right[index] ?? '0';
    const xNumber = /^\d+$/.test(x) ? Number(x) : null;
    const yNumber = /^\d+$/.test(y) ? Number(y) : null;
    if (xNumber !== null && yNumber !== null) {
      if (xNumber !== yNumber) return xNumber - yNumber;
    } else if (xNumber !== null || yNumber !== null) {
      return xNumber !== null ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Whole days since `lastConnected`; null for never (or a date that cannot be read). */
export function daysSinceConnected(lastConnected: string | null | undefined, nowMs: number) {
  const at = lastConnected ? Date.parse(lastConnected) : NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((nowMs - at) / DAY_MS));
}

const modelKey = (model: string | null | undefined) => model?.trim() || '';
const groupKey = (groupId: string | null | undefined) => groupId?.toLowerCase() ?? '';

/** The newest firmware present per camera model: the version the others should be updated to. */
function newestFirmwareByModel(devices: readonly Device[]): Map<string, string> {
  const newest = new Map<string, string>();
  for (const device of devices) {
    if (!device.firmwareVersion) continue;
    const model = modelKey(device.deviceModel);
    const known = newest.get(model);
    if (!known || compareFirmwareVersions(device.firmwareVersion, known) > 0) {
      newest.set(model, device.firmwareVersion);
    }
  }
  return newest;
}

/**
 * What needs a fleet admin's attention in the cameras and vehicles read so far: cameras not
 * connected for `silentDays` or more (or never), cameras in no vehicle, vehicles with no camera,
 * firmware versions per model (each older than the model's newest marked), and the same by group.
 * Works on a partial read: the rows grow as pages arrive.
 */
export function cameraHealthOf(
  devices: readonly Device[],
  vehicles: readonly Vehicle[],
  { silentDays, nowMs }: { silentDays: number; nowMs: number },
): CameraHealth {
  const groups = new Map<string, GroupHealthRow>();
  const groupRow = (groupId: string | null | undefined) => {
    const key = groupKey(groupId);
    let row = groups.get(key);
    if (!row) {
      row = {
        groupId: groupId ?? '',
        groupPath: null,
        silentCameras: 0,
        camerasInNoVehicle: 0,
        vehiclesWithNoCamera: 0,
        camerasOnOlderFirmware: 0,
      };
      groups.set(key, row);
    }
    return row;
  };

  const newestFirmware = newestFirmwareByModel(devices);
  const versions = new Map<string, FirmwareVersionRow>();
  const silentCameras: SilentCamera[] = [];
  const camerasInNoVehicle: Device[] = [];
  const camerasOnOlderFirmware: Device[] = [];
  const vehiclesWithCamera = new Set<string>();

  for (const device of devices) {
    const group = groupRow(device.groupId);
    group.groupPath ??= device.groupPath ?? null;
    const days = daysSinceConnected(device.lastConnected, nowMs);
    if (days === null || days >= silentDays) {
      silentCameras.push({ device, silentDays: days });
      group.silentCameras++;
    }
    if (device.vehicleId) vehiclesWithCamera.add(device.vehicleId.toLowerCase());
    else {
      camerasInNoVehicle.push(device);
      group.camerasInNoVehicle++;
    }
    // Each version is compared with its model's newest once, when its first camera is met.
    const model = modelKey(device.deviceModel);
    const versionKey = `${model}\u0000${device.firmwareVersion ?? ''}`;
    let version = versions.get(versionKey);
    if (version) version.cameras++;
    else {
      const newest = newestFirmware.get(model);
      version = {
        model: model || null,
        version: device.firmwareVersion ?? null,
        cameras: 1,
        older:
          !!device.firmwareVersion &&
          !!newest &&
          compareFirmwareVersions(device.firmwareVersion, newest) < 0,
      };
      versions.set(versionKey, version);
    }
    if (version.older) {
      camerasOnOlderFirmware.push(device);
      group.camerasOnOlderFirmware++;
    }
  }

  const vehiclesWithNoCamera = vehicles.filter(
    (vehicle) => !vehicle.deviceId && !vehiclesWithCamera.has(vehicle.id.toLowerCase()),
  );
  for (const vehicle of vehiclesWithNoCamera) groupRow(vehicle.groupId).vehiclesWithNoCamera++;

  // Longest silent first, never-connected cameras before all of them.
  silentCameras.sort(
    (a, b) =>
      (b.silentDays ?? Infinity) - (a.silentDays ?? Infinity) || bySerial(a.device, b.device),
  );
  camerasInNoVehicle.sort(bySerial);
  vehiclesWithNoCamera.sort((a, b) => compareText(a.name, b.name));
  // By model, newest version first.
  const firmwareVersions = [...versions.values()].sort(
    (a, b) =>
      compareText(a.model ?? '', b.model ?? '') || compareFirmwareVersions(b.version, a.version),
  );
  // Older cameras in the versions' order (each version's place looked up once, not per comparison).
  const versionOrder = new Map(
    firmwareVersions.map((row, index) => [`${row.model ?? ''}\u0000${row.version ?? ''}`, index]),
  );
  const versionPlace = (device: Device) =>
    versionOrder.get(`${modelKey(device.deviceModel)}\u0000${device.firmwareVersion ?? ''}`) ?? 0;
  camerasOnOlderFirmware.sort((a, b) => versionPlace(a) - versionPlace(b) || bySerial(a, b));

  return {
    silentCameras,
    camerasInNoVehicle,
    vehiclesWithNoCamera,
    camerasOnOlderFirmware,
    firmwareVersions,
    // The groups with the most to do first; groups with nothing to do are left out.
    groups: [...groups.values()]
      .filter((row) => attentionCount(row) > 0)
      .sort((a, b) => attentionCount(b) - attentionCount(a) || compareText(a.groupId, b.groupId)),
  };
}

function attentionCount(row: GroupHealthRow): number {
  return (
    row.silentCameras +
    row.camerasInNoVehicle +
    row.vehiclesWithNoCamera +
    row.camerasOnOlderFirmware
  );
}

/** Code-point order: serials and IDs are plain ASCII, and a collator is slow over 20,000 rows. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bySerial(a: Device, b: Device): number {
  return compareText(a.serialNumber ?? a.deviceId, b.serialNumber ?? b.deviceId);
}

/** Every camera of one firmware row's model running its version. */
export function camerasOnFirmware(
  devices: readonly Device[],
  row: Pick<FirmwareVersionRow, 'model' | 'version'>,
): Device[] {
  return devices
    .filter(
      (device) =>
        (modelKey(device.deviceModel) || null) === row.model &&
        (device.firmwareVersion ?? null) === row.version,
    )
    .sort(bySerial);
}
