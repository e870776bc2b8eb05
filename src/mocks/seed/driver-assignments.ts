import type { MockDb, UserRecord, VehicleRecord } from '../db';
import { indexGroups } from '../group-tree';
import { allDepots, type Depot } from './company';
import { createDepotLookup } from './depot-lookup';
import { seedActivations, type Shift } from './geofences';
import { createIsoFormatter } from './iso-time';
import type { Random } from './random';
import { roundRobin } from './round-robin';
import type { SeedContext } from './index';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

interface Crew {
  depot: Depot;
  drivers: UserRecord[];
  vehicles: VehicleRecord[];
  /** Drivers of a night-shift group start in the evening. */
  nightShift: Set<string>;
}

/**
 * Actual driver usage of vehicles: drivers work 6–11 h shifts, mostly on their own vehicle at
 * their own depot, over the last 30 days (14 at 100x, to keep seeding fast); some of
 * yesterday's shifts are still open. The geofence activations are then seeded from these shifts.
 */
export function seedDriverAssignments(context: SeedContext, random: Random): void {
  const { db, scale, anchor } = context;
  ensureDuplicateVehicleName(db);
  const crews = crewsByDepot(db);
  const allVehicles = crews.flatMap((crew) => crew.vehicles);
  const homeVehicleOf = new Map<string, VehicleRecord>();
  for (const vehicle of db.vehicles)
    if (vehicle.driverId) homeVehicleOf.set(vehicle.driverId, vehicle);

  const shifts: Shift[] = [];
  const historyDays = scale >= 100 ? 14 : 30;
  for (let day = historyDays; day >= 1; day--) {
    const dayStart = anchor.getTime() - day * DAY_MS;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    const busy = new Set<string>();
    for (const crew of crews) {
      const { vehicles } = crew;
      if (vehicles.length === 0) continue;
      const hoursBehindUtc =
        crew.depot.subdivisionCode === 'US-ID' || crew.depot.subdivisionCode === 'US-UT' ? 6 : 7;
      crew.drivers.forEach((driver, index) => {
        if (!random.chance(weekend ? 0.2 : 0.85)) return;
        const home = homeVehicleOf.get(driver.userId) ?? roundRobin(vehicles, index);
        // Now and then a driver borrows a vehicle from another depot.
        const pool = random.chance(0.03) ? allVehicles : crew.vehicles;
        let vehicle = random.chance(0.85) && !busy.has(home.id) ? home : random.pick(pool);
        // A second try for a free vehicle, then the driver has the day off.
        if (busy.has(vehicle.id)) vehicle = random.pick(crew.vehicles);
        if (busy.has(vehicle.id)) return;

        const localStartHour = crew.nightShift.has(driver.userId)
          ? random.int(18, 21)
          : random.int(4, 10);
        const start =
          dayStart + (localStartHour + hoursBehindUtc) * HOUR_MS + random.int(0, 59) * MINUTE_MS;
        if (start >= anchor.getTime()) return;
        busy.add(vehicle.id);
        let end: number | null = start + random.int(6 * 60, 11 * 60) * MINUTE_MS;
        // Some drivers on yesterday's shifts have not logged off yet; nobody logs off in the future.
        if (day === 1 && random.chance(0.35)) end = null;
        else if (end > anchor.getTime())
          end = Math.max(start + HOUR_MS, anchor.getTime() - random.int(1, 30) * MINUTE_MS);
        shifts.push({ userId: driver.userId, vehicleId: vehicle.id, start, end });
      });
    }
  }

  const iso = createIsoFormatter();
  const deviceOf = new Map(db.vehicles.map((vehicle) => [vehicle.id, vehicle.deviceId]));
  db.driverAssignments = shifts.map((shift) => ({
    userId: shift.userId,
    vehicleId: shift.vehicleId,
    deviceId: deviceOf.get(shift.vehicleId) ?? null,
    assignmentStartDate: iso(shift.start),
    assignmentEndDate: shift.end === null ? null : iso(shift.end),
  }));
  seedActivations(context, random, shifts);
}

function crewsByDepot(db: MockDb): Crew[] {
  const groups = indexGroups(db.groups);
  const depotOf = createDepotLookup(db);
  const crews = new Map<Depot, Crew>(
    allDepots.map((depot) => [
      depot,
      { depot, drivers: [], vehicles: [], nightShift: new Set<string>() },
    ]),
  );
  for (const user of db.users) {
    if (!user.isDriver || user.status !== 'Active') continue;
    const depot = depotOf(user.primaryGroupId);
    const crew = depot && crews.get(depot);
    if (!crew) continue;
    crew.drivers.push(user);
    if (groups.byId(user.primaryGroupId)?.name === 'Night Shift') crew.nightShift.add(user.userId);
  }
  for (const vehicle of db.vehicles) {
    const depot = depotOf(vehicle.groupId);
    // Every depot has a crew, from the map's start.
    if (depot) crews.get(depot)?.vehicles.push(vehicle);
  }
  return [...crews.values()];
}

/**
 * Dispatch answers E_DUPLICATE_VEHICLES for a name shared by several vehicles; if the fleet seed
 * made every name unique, the last vehicle takes the first one's name (in another group, as the
 * vehicles API forbids duplicates within a group).
 */
function ensureDuplicateVehicleName(db: MockDb): void {
  const seen = new Set<string>();
  for (const vehicle of db.vehicles) {
    const key = vehicle.name.trim().toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
  }
  const first = db.vehicles[0];
  const other = first && db.vehicles.findLast((vehicle) => vehicle.groupId !== first.groupId);
  if (first && other) other.name = first.name;
}
