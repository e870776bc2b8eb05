import { shapeProblem } from '@/lib/map-shape';
import type {
  ActivationRecord,
  EndReasonRecord,
  GeofenceRecord,
  GeoPoint,
  GroupRecord,
  VehicleRecord,
} from '../db';
import { offsetPoint, pointOnBoundary } from '../geofence-geometry';
import { indexGroups } from '../group-tree';
import { allDepots, type Depot } from './company';
import { createDepotLookup } from './depot-lookup';
import { createIsoFormatter } from './iso-time';
import type { Random } from './random';
import { roundRobin } from './round-robin';
import type { SeedContext } from './index';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The documented end reason, and the ids the handlers use when they end an activation. */
export const END_REASON = {
  notDeleted: 0,
  exited: 1,
  geofenceDeleted: 2,
  geofenceDeactivated: 3,
  deviceReassigned: 4,
} as const;

const endReasons: EndReasonRecord[] = [
  // The only member the contract documents, with its odd date format.
  { reasonId: END_REASON.notDeleted, description: 'Not Deleted', creationDate: '23-Jun-2024' },
  // Invented: the published files list no other members.
  { reasonId: END_REASON.exited, description: 'Exited geofence', creationDate: '23-Jun-2024' },
  {
    reasonId: END_REASON.geofenceDeleted,
    description: 'Geofence deleted',
    creationDate: '23-Jun-2024',
  },
  {
    reasonId: END_REASON.geofenceDeactivated,
    description: 'Geofence deactivated',
    creationDate: '14-Aug-2024',
  },
  {
    reasonId: END_REASON.deviceReassigned,
    description: 'Device reassigned',
    creationDate: '14-Aug-2024',
  },
];

export type PlaceKind =
  'yard' | 'port' | 'airport' | 'distribution' | 'rail' | 'weighStation' | 'truckStop' | 'customer';

export interface Place {
  name: string;
  latitude: number;
  longitude: number;
  kind: PlaceKind;
  /** Rough half-width in metres. */
  size: number;
}

/** Real freight locations near each depot city (centres approximate, shapes drawn around them). */
// prettier-ignore
export const placesByCity: Record<string, Place[]> = {
  Portland: [
    { name: 'Port of Portland Terminal 6', latitude: 45.6318, longitude: -122.7597, kind: 'port', size: 700 },
    { name: 'PDX Air Cargo Center', latitude: 45.5925, longitude: -122.604, kind: 'airport', size: 400 },
    { name: 'Fred Meyer Distribution Center, Clackamas', latitude: 45.4238, longitude: -122.552, kind: 'distribution', size: 400 },
    { name: 'Swan Island Industrial Park', latitude: 45.564, longitude: -122.7135, kind: 'customer', size: 600 },
    { name: 'Jubitz Travel Center', latitude: 45.6025, longitude: -122.6795, kind: 'truckStop', size: 250 },
    { name: 'I-5 Woodburn Port of Entry', latitude: 45.158, longitude: -122.849, kind: 'weighStation', size: 150 },
  ],
  Seattle: [
    { name: 'Port of Seattle Terminal 18, Harbor Island', latitude: 47.578, longitude: -122.351, kind: 'port', size: 600 },
    { name: 'Port of Seattle Terminal 5, West Seattle', latitude: 47.583, longitude: -122.368, kind: 'port', size: 600 },
    { name: 'SEA Airport Air Cargo', latitude: 47.462, longitude: -122.308, kind: 'airport', size: 400 },
    { name: 'King County International Airport (Boeing Field)', latitude: 47.53, longitude: -122.302, kind: 'airport', size: 500 },
    { name: 'Kent Valley Distribution Center', latitude: 47.405, longitude: -122.245, kind: 'distribution', size: 500 },
    { name: 'BNSF Balmer Yard, Interbay', latitude: 47.64, longitude: -122.381, kind: 'rail', size: 500 },
  ],
  Tacoma: [
    { name: 'Port of Tacoma Husky Terminal', latitude: 47.2745, longitude: -122.417, kind: 'port', size: 500 },
    { name: 'Port of Tacoma Washington United Terminals', latitude: 47.283, longitude: -122.379, kind: 'port', size: 600 },
    { name: 'Port of Tacoma Pierce County Terminal', latitude: 47.285, longitude: -122.362, kind: 'port', size: 500 },
    { name: 'Fife Truck Stop (I-5 exit 136)', latitude: 47.237, longitude: -122.358, kind: 'truckStop', size: 200 },
    { name: 'Frederickson Industrial Area', latitude: 47.087, longitude: -122.359, kind: 'customer', size: 600 },
    { name: 'Tacoma Tideflats Cold Storage', latitude: 47.262, longitude: -122.395, kind: 'distribution', size: 250 },
  ],
  Spokane: [
    { name: 'Spokane International Airport Air Cargo', latitude: 47.6245, longitude: -117.53, kind: 'airport', size: 400 },
    { name: 'Spokane Industrial Park, Spokane Valley', latitude: 47.681, longitude: -117.228, kind: 'customer', size: 600 },
    { name: 'Geiger Truck Stop (I-90 exit 276)', latitude: 47.62, longitude: -117.495, kind: 'truckStop', size: 200 },
    { name: 'BNSF Yardley Yard', latitude: 47.67, longitude: -117.352, kind: 'rail', size: 500 },
    { name: 'I-90 Post Falls Port of Entry', latitude: 47.701, longitude: -117.038, kind: 'weighStation', size: 150 },
  ],
  Boise: [
    { name: 'Boise Airport Air Cargo', latitude: 43.564, longitude: -116.227, kind: 'airport', size: 400 },
    { name: 'WinCo Foods Distribution Center', latitude: 43.6055, longitude: -116.284, kind: 'distribution', size: 400 },
    { name: 'Micron Technology Campus', latitude: 43.528, longitude: -116.147, kind: 'customer', size: 600 },
    { name: 'Nampa Industrial Park', latitude: 43.605, longitude: -116.515, kind: 'customer', size: 500 },
    { name: 'I-84 Broadway Truck Stop', latitude: 43.5625, longitude: -116.193, kind: 'truckStop', size: 200 },
  ],
  'Salt Lake City': [
    { name: 'Union Pacific Intermodal Terminal, Salt Lake City', latitude: 40.736, longitude: -112.016, kind: 'rail', size: 500 },
    { name: 'Salt Lake City International Air Cargo', latitude: 40.78, longitude: -111.973, kind: 'airport', size: 400 },
    { name: 'Utah Inland Port, Northwest Quadrant', latitude: 40.774, longitude: -112.065, kind: 'customer', size: 800 },
    { name: 'I-15 Perry Port of Entry', latitude: 41.46, longitude: -112.043, kind: 'weighStation', size: 150 },
    { name: 'Lake Point Travel Center (I-80 exit 99)', latitude: 40.68, longitude: -112.265, kind: 'truckStop', size: 200 },
    { name: 'West Valley Distribution District', latitude: 40.715, longitude: -112.005, kind: 'distribution', size: 500 },
  ],
  Sacramento: [
    { name: 'Port of West Sacramento', latitude: 38.563, longitude: -121.548, kind: 'port', size: 600 },
    { name: 'Sacramento International Air Cargo', latitude: 38.699, longitude: -121.592, kind: 'airport', size: 400 },
    { name: 'Union Pacific J.R. Davis Yard, Roseville', latitude: 38.747, longitude: -121.3, kind: 'rail', size: 700 },
    { name: 'I-80 Cordelia Truck Scales', latitude: 38.218, longitude: -122.13, kind: 'weighStation', size: 150 },
    { name: 'West Sacramento Grocery Distribution Center', latitude: 38.587, longitude: -121.543, kind: 'distribution', size: 400 },
  ],
  Oakland: [
    { name: 'Port of Oakland International Container Terminal', latitude: 37.799, longitude: -122.316, kind: 'port', size: 700 },
    { name: 'Port of Oakland TraPac Terminal', latitude: 37.811, longitude: -122.311, kind: 'port', size: 500 },
    { name: 'Port of Oakland Seaport Logistics Complex', latitude: 37.806, longitude: -122.3, kind: 'distribution', size: 400 },
    { name: 'Oakland International Airport Air Cargo', latitude: 37.723, longitude: -122.221, kind: 'airport', size: 400 },
    { name: 'I-580 Livermore Truck Scales', latitude: 37.717, longitude: -121.639, kind: 'weighStation', size: 150 },
    { name: 'Tracy Distribution Hub', latitude: 37.752, longitude: -121.49, kind: 'distribution', size: 600 },
  ],
  Fresno: [
    { name: 'Fresno Yosemite International Air Cargo', latitude: 36.774, longitude: -119.723, kind: 'airport', size: 400 },
    { name: 'BNSF Calwa Yard', latitude: 36.717, longitude: -119.743, kind: 'rail', size: 500 },
    { name: 'SR 99 Clinton Avenue Truck Stop', latitude: 36.764, longitude: -119.83, kind: 'truckStop', size: 200 },
    { name: 'Malaga Industrial District', latitude: 36.685, longitude: -119.728, kind: 'customer', size: 600 },
    { name: 'SR 99 Chowchilla Truck Scales', latitude: 37.103, longitude: -120.233, kind: 'weighStation', size: 150 },
  ],
};

const colorByKind: Record<PlaceKind, string> = {
  yard: '#1C7ED6',
  port: '#0B7285',
  airport: '#5F3DC4',
  distribution: '#2B8A3E',
  rail: '#495057',
  weighStation: '#E67700',
  truckStop: '#C92A2A',
  customer: '#862E9C',
};
const kindByColor = new Map(
  Object.entries(colorByKind).map(([kind, color]) => [color, kind as PlaceKind]),
);

/** How long a vehicle typically stays inside, in minutes. */
const dwellMinutes: Record<PlaceKind, [number, number]> = {
  yard: [60, 720],
  port: [20, 150],
  airport: [20, 90],
  distribution: [20, 120],
  rail: [30, 120],
  weighStation: [3, 15],
  truckStop: [15, 60],
  customer: [10, 90],
};

const extraSiteLabels = [
  'Customer site',
  'Warehouse',
  'Retail store',
  'Job site',
  'Cross-dock',
] as const;

/** Enough for the map's performance budget at the largest scale without bloating the demo store. */
const MAX_GEOFENCES = 6000;

export function seedGeofences({ db, scale, anchor }: SeedContext, random: Random): void {
  db.endReasons = endReasons.map((reason) => ({ ...reason }));
  const root = db.groups.find((group) => group.id === group.parentId);
  if (!root) return;

  const groups = indexGroups(db.groups);
  const depotGroups = new Map<Depot, GroupRecord>();
  for (const group of db.groups) {
    const depot = allDepots.find((candidate) => candidate.groupName === group.name);
    if (depot) depotGroups.set(depot, group);
  }
  const depotOf = createDepotLookup(db);
  const vehiclesByDepot = new Map<Depot, VehicleRecord[]>(allDepots.map((depot) => [depot, []]));
  for (const vehicle of db.vehicles) {
    const depot = depotOf(vehicle.groupId);
    // The map starts with every depot.
    if (depot) vehiclesByDepot.get(depot)?.push(vehicle);
  }

  const iso = createIsoFormatter();
  const createdBefore = () =>
    iso(anchor.getTime() - random.int(20, 900) * DAY_MS - random.int(0, 86_399) * 1000);
  const add = (depot: Depot, place: Place, group: GroupRecord) => {
    // Summer time: Mountain depots are six hours behind UTC, Pacific ones seven.
    const hoursBehindUtc =
      depot.subdivisionCode === 'US-ID' || depot.subdivisionCode === 'US-UT' ? 6 : 7;
    const timezoneOffset = `-${hoursBehindUtc}:00`;
    const centre = { latitude: place.latitude, longitude: place.longitude };
    const shapeType = shapeFor(place.kind, random);
    const depotVehicles = vehiclesByDepot.get(depot) ?? [];
    const record: GeofenceRecord = {
      geofenceId: random.uuid(),
      name: place.name,
      groupId: group.id,
      includeSubGroups: true,
      isInside: place.kind !== 'yard' || random.chance(0.7),
      isActive: random.chance(0.92),
      shapeType,
      points:
        shapeType === 3
          ? [centre]
          : shapeType === 2
            ? square(centre, place.size)
            : polygon(centre, place.size, random),
      radius: shapeType === 3 ? place.size : 0,
      color: colorByKind[place.kind],
      inclusive: random.chance(0.9),
      visible: random.chance(0.95),
      effectiveDaysOfWeek: '',
      effectiveStartTime: '',
      effectiveEndTime: '',
      effectiveTimezoneOffset: '',
      createdDate: createdBefore(),
      assetGroupId: null,
      assetIncludeSubGroups: false,
      assets: [],
    };
    if (place.kind === 'yard' && random.chance(0.5)) {
      // After-hours watch on the yard: 18:00–06:00 local on weekdays.
      setSchedule(
        record,
        '1,2,3,4,5',
        utcTime(18, 0, hoursBehindUtc),
        utcTime(6, 0, hoursBehindUtc),
        timezoneOffset,
      );
    } else if (place.kind === 'customer' && random.chance(0.4)) {
      // Delivery window: 08:00–16:59 local, Monday to Saturday.
      setSchedule(
        record,
        '1,2,3,4,5,6',
        utcTime(8, 0, hoursBehindUtc),
        utcTime(16, 59, hoursBehindUtc),
        timezoneOffset,
      );
    }
    if (place.kind === 'yard') {
      record.assetGroupId = group.id;
      record.assetIncludeSubGroups = true;
    } else if (depotVehicles.length > 0 && random.chance(0.25)) {
      record.assets = random
        .sample(depotVehicles, random.int(1, 3))
        .map((vehicle) => ({ assetId: vehicle.id, assetType: 'vehicle' as const }));
    }
    db.geofences.push(record);
  };

  for (const depot of allDepots) {
    const depotGroup = depotGroups.get(depot) ?? root;
    add(
      depot,
      {
        name: `${depot.groupName} Yard`,
        latitude: depot.latitude,
        longitude: depot.longitude,
        kind: 'yard',
        size: 180,
      },
      depotGroup,
    );
    for (const place of placesByCity[depot.city] ?? []) {
      // Weigh stations concern every vehicle on the highway, so they live at the root.
      add(depot, place, place.kind === 'weighStation' ? root : depotGroup);
    }
  }

  const wanted = Math.min(MAX_GEOFENCES, Math.round(60 * scale));
  for (let index = db.geofences.length; index < wanted; index++) {
    const depot = roundRobin(allDepots, index);
    const depotGroup = depotGroups.get(depot) ?? root;
    const teams = groups.children(depotGroup.id);
    const centre = offsetPoint(depot, random.int(1_500, 30_000), random.int(0, 359));
    const label = roundRobin(extraSiteLabels, index);
    add(
      depot,
      {
        name: `${label} ${1000 + index}, ${depot.city}`,
        ...centre,
        kind: 'customer',
        size: random.int(80, 350),
      },
      teams.length > 0 && random.chance(0.3) ? random.pick(teams) : depotGroup,
    );
  }
  const portland = [...depotGroups].find(([depot]) => depot.city === 'Portland')?.[1] ?? root;
  addVendorShapedGeofences({ db, scale, anchor }, random, root, portland);
}

/** .NET's smallest double: what the vendor's OpenAPI example geofence has for its point. */
const DOTNET_MIN_DOUBLE = -1.7976931348623157e308;

/**
 * Records shaped like the vendor's own examples, so the demo shows how the console treats them:
 * the OpenAPI example geofence (San Diego, a 5 m circle whose centre is .NET's smallest double),
 * and a "polygon" of three points, two of them the same, which the service's "3+ points" rule lets
 * through. Added after the others, so every other record (and every activation) stays as it was.
 */
function addVendorShapedGeofences(
  { db, anchor }: SeedContext,
  random: Random,
  root: GroupRecord,
  portland: GroupRecord,
): void {
  const iso = createIsoFormatter();
  const base = {
    includeSubGroups: true,
    isActive: true,
    inclusive: true,
    visible: true,
    effectiveDaysOfWeek: '',
    effectiveStartTime: '',
    effectiveEndTime: '',
    effectiveTimezoneOffset: '',
    createdDate: iso(anchor.getTime() - 400 * DAY_MS),
    assetGroupId: null,
    assetIncludeSubGroups: false,
    assets: [],
  };
  const unusablePoint = { latitude: DOTNET_MIN_DOUBLE, longitude: DOTNET_MIN_DOUBLE };
  db.geofences.push(
    {
      ...base,
      geofenceId: random.uuid(),
      name: 'San Diego',
      groupId: root.id,
      isInside: false,
      shapeType: 3,
      points: [unusablePoint],
      radius: 5,
      color: colorByKind.customer,
    },
    {
      ...base,
      geofenceId: random.uuid(),
      name: 'Portland Depot Fuel Island',
      groupId: portland.id,
      isInside: true,
      shapeType: 1,
      points: [
        { latitude: 45.5231, longitude: -122.6765 },
        { latitude: 45.5236, longitude: -122.6758 },
        { latitude: 45.5231, longitude: -122.6765 },
      ],
      radius: 0,
      color: colorByKind.yard,
    },
  );
}

/** Whether a map can draw the record's outline (the vendor-shaped ones it cannot). */
export function drawableRecord(geofence: GeofenceRecord): boolean {
  const { shapeType, points, radius } = geofence;
  const shape =
    shapeType === 3
      ? points[0] && { kind: 'circle' as const, center: points[0], radius }
      : { kind: 'polygon' as const, points };
  return shapeProblem(shape) === null;
}

/** `HH:MM:SS` in UTC for a local wall-clock time (the contract stores effective times in UTC). */
function utcTime(localHour: number, minute: number, hoursBehindUtc: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad((localHour + hoursBehindUtc) % 24)}:${pad(minute)}:00`;
}

function setSchedule(
  record: GeofenceRecord,
  days: string,
  start: string,
  end: string,
  offset: string,
): void {
  record.effectiveDaysOfWeek = days;
  record.effectiveStartTime = start;
  record.effectiveEndTime = end;
  record.effectiveTimezoneOffset = offset;
}

function shapeFor(kind: PlaceKind, random: Random): 1 | 2 | 3 {
  switch (kind) {
    case 'weighStation':
    case 'truckStop':
      return 3;
    case 'airport':
      return 2;
    case 'yard':
    case 'port':
    case 'rail':
      return 1;
    default:
      return random.pick([1, 2, 3] as const);
  }
}

/** A north-aligned square: NW, NE, SE, SW. */
function square(centre: GeoPoint, halfSide: number): GeoPoint[] {
  const diagonal = halfSide * Math.SQRT2;
  return [315, 45, 135, 225].map((bearing) => offsetPoint(centre, diagonal, bearing));
}

/** A star-shaped ring (vertices at increasing bearings round the centre), so it never crosses itself. */
function polygon(centre: GeoPoint, size: number, random: Random): GeoPoint[] {
  const count = random.int(5, 9);
  const step = 360 / count;
  return Array.from({ length: count }, (_, index) =>
    offsetPoint(
      centre,
      size * (0.65 + random.next() * 0.35),
      index * step + random.next() * step * 0.6,
    ),
  );
}

/** A driver's use of a vehicle, in epoch ms (end null = still driving). */
export interface Shift {
  userId: string;
  vehicleId: string;
  start: number;
  end: number | null;
}

/**
 * Geofence visits during the drivers' shifts (the driver is the activation's user), ending on
 * the outline where they began; vehicles on a running shift may still be inside one, and some
 * vehicles have stood in their yard since their last shift. Called by the driver-assignment
 * seed, which creates the shifts after this seed has created the geofences.
 */
export function seedActivations(
  { db, scale, anchor }: SeedContext,
  random: Random,
  shifts: readonly Shift[],
): void {
  const iso = createIsoFormatter();
  const depotOf = createDepotLookup(db);
  const vehicleDepot = new Map(
    db.vehicles.map((vehicle) => [vehicle.id, depotOf(vehicle.groupId)]),
  );
  const nearby = new Map<Depot, GeofenceRecord[]>(allDepots.map((depot) => [depot, []]));
  const yards = new Map<Depot, GeofenceRecord>();
  for (const geofence of db.geofences) {
    // No vehicle can enter an outline that is not on the map.
    if (!drawableRecord(geofence)) continue;
    // A drawable outline has at least one point.
    const [firstPoint] = geofence.points;
    if (!firstPoint) continue;
    const depot = nearestDepot(firstPoint);
    nearby.get(depot)?.push(geofence);
    if (geofence.name === `${depot.groupName} Yard`) yards.set(depot, geofence);
  }

  const activations: ActivationRecord[] = [];
  const add = (
    geofence: GeofenceRecord,
    shift: Shift,
    start: number,
    end: number | null,
    endReason: number,
  ) =>
    activations.push({
      activationId: random.uuid(),
      geofenceId: geofence.geofenceId,
      geofenceName: geofence.name,
      vehicleId: shift.vehicleId,
      userIdentifier: shift.userId,
      startPosition: pointOnBoundary(geofence, random.next(), random.next()),
      endPosition: end === null ? null : pointOnBoundary(geofence, random.next(), random.next()),
      activationStartDate: iso(start),
      activationEndDate: end === null ? null : iso(end),
      endReason,
      lastUpdateDateTime: iso(end === null ? start : end + random.int(1, 120) * 1000),
    });

  const lastShiftOf = new Map<string, Shift>();
  for (const shift of shifts) {
    const depot = vehicleDepot.get(shift.vehicleId);
    const candidates = (depot && nearby.get(depot)) ?? [];
    if (candidates.length === 0) continue;
    const previous = lastShiftOf.get(shift.vehicleId);
    if (!previous || previous.start < shift.start) lastShiftOf.set(shift.vehicleId, shift);
    const shiftEnd = shift.end ?? anchor.getTime();
    const visits = scale >= 100 ? (random.chance(0.4) ? 1 : 0) : random.int(0, scale >= 10 ? 2 : 3);
    for (let visit = 0; visit < visits; visit++) {
      const geofence = random.pick(candidates);
      const [minDwell, maxDwell] = dwellMinutes[kindOf(geofence)];
      const start =
        shift.start +
        random.int(0, Math.max(0, Math.floor((shiftEnd - shift.start) / MINUTE_MS) - maxDwell)) *
          MINUTE_MS;
      const end = Math.min(start + random.int(minDwell, maxDwell) * MINUTE_MS, shiftEnd);
      const reason = random.next();
      add(
        geofence,
        shift,
        start,
        end,
        reason < 0.92
          ? END_REASON.exited
          : reason < 0.96
            ? END_REASON.deviceReassigned
            : END_REASON.geofenceDeactivated,
      );
    }
    // Some vehicles on a running shift are inside a geofence right now.
    if (shift.end === null && random.chance(0.5)) {
      const start = Math.max(shift.start, anchor.getTime() - random.int(10, 90) * MINUTE_MS);
      add(random.pick(candidates), shift, start, null, END_REASON.notDeleted);
    }
  }
  // Some vehicles have stood in their yard since their last shift ended.
  for (const shift of lastShiftOf.values()) {
    const depot = vehicleDepot.get(shift.vehicleId);
    const yard = depot && yards.get(depot);
    if (!yard || shift.end === null || !random.chance(0.25)) continue;
    add(yard, shift, shift.end, null, END_REASON.notDeleted);
  }
  db.activations = activations;
}

function nearestDepot(point: GeoPoint): Depot {
  const [firstDepot] = allDepots;
  if (!firstDepot) throw new Error('The demo company has no depots.');
  let best = firstDepot;
  let bestDistance = Infinity;
  for (const depot of allDepots) {
    const distance =
      (depot.latitude - point.latitude) ** 2 + (depot.longitude - point.longitude) ** 2;
    if (distance < bestDistance) {
      best = depot;
      bestDistance = distance;
    }
  }
  return best;
}

/** Dwell times follow the kind of place, which the seed's colours encode. */
function kindOf(geofence: GeofenceRecord): PlaceKind {
  return kindByColor.get(geofence.color) ?? 'customer';
}
