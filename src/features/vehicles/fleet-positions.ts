import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { EcmVehicle } from '@/api/ecm';
import { groupKey, isWithin, type GroupTree } from '@/api/group-tree';
import type { VehicleSearchEntry } from '@/api/vehicles';
import { getFormatLocale } from '@/i18n/locale';
import { compareText } from '@/lib/collate';
import { positionProblem } from '@/lib/map-shape';
import type { ConsoleVehicleMatch } from './legacy-vehicle-match';
import type { Translate } from './vehicle-lookup-labels';

/** A position older than this is marked stale on the fleet map (and its legend says so). */
export const STALE_AFTER_MS = 24 * 60 * 60_000;

/** One vehicle on the fleet map: its latest legacy position and, when known, its console record. */
export interface FleetPosition {
  /** The legacy vehicle ID as text, unique on the map. */
  key: string;
  legacyVehicle: EcmVehicle;
  latitude: number;
  longitude: number;
  /** When the position was taken (ms since the epoch); null when the service did not say. */
  positionTime: number | null;
  /** Older than STALE_AFTER_MS at the time of the read, or of unknown age. */
  stale: boolean;
  consoleMatch: ConsoleVehicleMatch<VehicleSearchEntry> | null;
  /** The console name when matched, else "Legacy vehicle 500123". */
  label: string;
}

/** The fleet split into vehicles with a position to show and the number without one. */
export interface FleetPositions {
  positions: FleetPosition[];
  withoutPosition: number;
}

const translateNow: Translate = (descriptor) => i18n._(descriptor);

export function legacyVehicleLabel(
  legacyVehicle: EcmVehicle,
  translate: Translate = translateNow,
): string {
  const legacyId = legacyVehicle.vehicleId;
  return translate(msg`Legacy vehicle ${legacyId}`);
}

/**
 * The vehicles to draw, sorted by label, with their age judged at `readAt` (the time of the read,
 * so a paused map does not turn positions stale under the reader without new data).
 */
export function toFleetPositions(
  legacyVehicles: readonly EcmVehicle[],
  readAt: number,
  matchConsoleVehicle: (
    legacyVehicle: EcmVehicle,
  ) => ConsoleVehicleMatch<VehicleSearchEntry> | null = () => null,
  translate: Translate = translateNow,
): FleetPositions {
  const positions: FleetPosition[] = [];
  let withoutPosition = 0;
  for (const legacyVehicle of legacyVehicles) {
    const location = legacyVehicle.location;
    if (!location || positionProblem(location.latitude, location.longitude) !== null) {
      withoutPosition++;
      continue;
    }
    const parsedTime = location.gpsDateTime ? Date.parse(location.gpsDateTime) : Number.NaN;
    const positionTime = Number.isNaN(parsedTime) ? null : parsedTime;
    const consoleMatch = matchConsoleVehicle(legacyVehicle);
    positions.push({
      key: String(legacyVehicle.vehicleId),
      legacyVehicle,
      latitude: location.latitude,
      longitude: location.longitude,
      positionTime,
      stale: positionTime === null || readAt - positionTime > STALE_AFTER_MS,
      consoleMatch,
      label: consoleMatch?.vehicle.name ?? legacyVehicleLabel(legacyVehicle, translate),
    });
  }
  positions.sort((a, b) => compareText(a.label, b.label));
  return { positions, withoutPosition };
}

interface SearchableField {
  /** What the field is called to the reader; none for the name, which the row shows anyway. */
  name: MessageDescriptor | null;
  value: string;
}

/** The texts a fleet search looks through, each with what it is called to the reader. */
function searchableFields(position: FleetPosition): SearchableField[] {
  const fields = [
    { name: null, value: position.label },
    { name: msg`legacy number`, value: position.key },
    { name: msg`VIN`, value: position.legacyVehicle.vin },
    { name: msg`VIN captured by the camera`, value: position.legacyVehicle.deviceVin },
    { name: msg`plate`, value: position.consoleMatch?.vehicle.licensePlateNumber },
  ];
  return fields.filter((field): field is SearchableField => !!field.value);
}

function searchWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Vehicles whose name, plate, VIN or legacy number contains every word typed, in any case. */
export function searchFleetPositions(
  positions: readonly FleetPosition[],
  query: string,
): readonly FleetPosition[] {
  const words = searchWords(query);
  if (words.length === 0) return positions;
  return positions.filter((position) => {
    const text = searchableFields(position)
      .map((field) => field.value)
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Why a vehicle answers a search when its name does not show it: "VIN 1FUJGLDR9…942…" (each field
 * a word was found in, besides the name). Null when the name holds every word, or nothing matches.
 */
export function describeFleetMatch(position: FleetPosition, query: string): string | null {
  const words = searchWords(query);
  const fields = searchableFields(position);
  const matched = new Set<string>();
  for (const word of words) {
    const field = fields.find((each) => each.value.toLowerCase().includes(word));
    if (!field) return null;
    if (field.name) {
      const fieldName = i18n._(field.name);
      const value = field.value;
      matched.add(t`${fieldName} ${value}`);
    }
  }
  return matched.size > 0
    ? new Intl.ListFormat(getFormatLocale(), { type: 'unit' }).format(matched)
    : null;
}

/** "just now", "12 min ago", "5 h ago", "3 days ago": how old a position was at `now`. */
export function formatAge(time: number, now: number): string {
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return t`just now`;
  if (minutes < 60) return t`${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t`${hours} h ago`;
  const days = Math.floor(hours / 24);
  return plural(days, { one: '# day ago', other: '# days ago' });
}

/**
 * The positions of console vehicles in the group or below it. A legacy vehicle that no console
 * vehicle matches has no group, so any group leaves it out. Without the tree (still loading, or
 * closed to the user) only the group itself counts.
 */
export function positionsInGroup(
  positions: readonly FleetPosition[],
  groupId: string,
  tree: GroupTree | null,
): FleetPosition[] {
  const group = tree?.byKey.get(groupKey(groupId));
  return positions.filter((position) => {
    const vehicleGroupId = position.consoleMatch?.vehicle.groupId;
    if (!vehicleGroupId) return false;
    const vehicleGroup = tree?.byKey.get(groupKey(vehicleGroupId));
    return group && vehicleGroup
      ? isWithin(vehicleGroup, group)
      : groupKey(vehicleGroupId) === groupKey(groupId);
  });
}
