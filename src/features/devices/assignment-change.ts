import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  classifyVehicleAssignment,
  type VehicleAssignment,
  type VehicleAssignmentChangeKind,
} from '@/api/devices';

/** A page's translator (it changes with the language, so lists built with it follow). */
export type Translate = (descriptor: MessageDescriptor) => string;

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

/** A vehicle's place in a translated sentence: characters no translation or name holds. */
const VEHICLE_MARKER = (index: number) => `\uE000${index}\uE000`;
const MARKER_PATTERN = /\uE000(\d)\uE000/;

/**
 * "Moved from PDX-T112 to PDX-T140", "Added to SEA-T020", "Removed from BOI-T003". The service
 * marks the empty side of an addition or removal with an unpublished sample vehicle ID that
 * carries no name, so a side without a vehicle name counts as that placeholder.
 */
export function describeAssignmentChange(
  change: VehicleAssignment,
  translate: Translate = (descriptor) => i18n._(descriptor),
): AssignmentChangeView {
  const current = reference(change.vehicleId, change.vehicleName);
  const previous = reference(change.previousVehicleId, change.previousVehicleName);
  const kind = classifyVehicleAssignment(
    change,
    (vehicleId) => vehicleId === current?.id || vehicleId === previous?.id,
  );
  // The sentence is translated whole, with markers where the vehicles go, so each language
  // keeps its own word order; the markers are then swapped for the vehicles (links on a page).
  const vehicles = [previous, current];
  const previousVehicle = VEHICLE_MARKER(0);
  const currentVehicle = VEHICLE_MARKER(1);
  const sentence = translate(
    kind === 'addition'
      ? msg`Added to ${currentVehicle}`
      : kind === 'removal'
        ? msg`Removed from ${previousVehicle}`
        : msg`Moved from ${previousVehicle} to ${currentVehicle}`,
  );
  const unnamed = translate(msg`an unnamed vehicle`);
  const parts = sentence
    .split(MARKER_PATTERN)
    .map((piece, index) => (index % 2 === 0 ? piece : (vehicles[Number(piece)] ?? unnamed)))
    .filter((part) => part !== '');
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
