import {
  classifyVehicleAssignment,
  type VehicleAssignment,
  type VehicleAssignmentChangeKind,
} from '@/api/devices';

interface VehicleReference {
  id: string;
  name: string;
}

/** One device-to-vehicle change, in words and with the vehicles it links to. */
export interface AssignmentChangeView {
  kind: VehicleAssignmentChangeKind;
  /** The sentence as words and vehicles, so a page can turn the vehicles into links. */
  parts: (string | VehicleReference)[];
  text: string;
}

function reference(id: string | null | undefined, name: string | null | undefined) {
  return id && name ? { id, name } : null;
}

/**
 * "Moved from PDX-T112 to PDX-T140", "Added to SEA-T020", "Removed from BOI-T003". The service
 * marks the empty side of an addition or removal with an unpublished sample vehicle ID that
 * carries no name, so a side without a vehicle name counts as that placeholder.
 */
export function describeAssignmentChange(change: VehicleAssignment): AssignmentChangeView {
  const current = reference(change.vehicleId, change.vehicleName);
  const previous = reference(change.previousVehicleId, change.previousVehicleName);
  const kind = classifyVehicleAssignment(
    change,
    (vehicleId) => vehicleId === current?.id || vehicleId === previous?.id,
  );
  const vehicleOrUnnamed = (vehicle: VehicleReference | null) => vehicle ?? 'an unnamed vehicle';
  const parts =
    kind === 'addition'
      ? ['Added to ', vehicleOrUnnamed(current)]
      : kind === 'removal'
        ? ['Removed from ', vehicleOrUnnamed(previous)]
        : ['Moved from ', vehicleOrUnnamed(previous), ' to ', vehicleOrUnnamed(current)];
  return {
    kind,
    parts,
    text: parts.map((part) => (typeof part === 'string' ? part : part.name)).join(''),
  };
}

export interface AssignmentChangeFilters {
  /** A serial number (or part of one) or a device ID. */
  device?: string;
  /** A vehicle name (or part of one) or a vehicle ID, on either side of the change. */
  vehicle?: string;
}

/** The vehicleAssignments API cannot filter by device or vehicle, so the console does. */
export function matchesAssignmentFilters(
  change: VehicleAssignment,
  filters: AssignmentChangeFilters,
): boolean {
  const device = filters.device?.trim().toLowerCase();
  if (device) {
    const serialMatches = (change.serialNumber ?? '').toLowerCase().includes(device);
    if (!serialMatches && change.deviceId?.toLowerCase() !== device) return false;
  }
  const vehicle = filters.vehicle?.trim().toLowerCase();
  if (vehicle) {
    const sides = [
      [change.vehicleId, change.vehicleName],
      [change.previousVehicleId, change.previousVehicleName],
    ];
    const anySide = sides.some(
      ([id, name]) =>
        id?.toLowerCase() === vehicle || (!!name && name.toLowerCase().includes(vehicle)),
    );
    if (!anySide) return false;
  }
  return true;
}
