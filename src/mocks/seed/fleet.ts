import {
  SAMPLE_VEHICLE_ID,
  type DeviceRecord,
  type EcmReadingRecord,
  type GroupRecord,
  type HibernationDelay,
  type UserRecord,
  type VehicleAssignmentRecord,
  type VehicleRecord,
} from '../db';
import { allDepots, depotTeams, type Depot } from './company';
import { buildImei, buildPlate, buildVin } from './fleet-identifiers';
import {
  countrySubdivisions,
  DeviceStatus,
  seatbeltTypes,
  VehicleStatusId,
  vehicleStatuses,
  VehicleTypeId,
  vehicleTypes,
} from './fleet-reference';
import { corridorsFor } from './fleet-routes';
import { shuffled, type Random } from './random';
import type { SeedContext } from './index';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const isoDayPrefixes = new Map<number, string>();
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * ISO 8601 at second precision, the way the service writes its dates. Seeding formats ~10 dates
 * per vehicle, so the date part is cached per day instead of going through Date each time.
 */
export function toIsoSeconds(epochMs: number): string {
  const dayNumber = Math.floor(epochMs / day);
  let prefix = isoDayPrefixes.get(dayNumber);
  if (prefix === undefined) {
    prefix = new Date(dayNumber * day).toISOString().slice(0, 11);
    isoDayPrefixes.set(dayNumber, prefix);
  }
  const seconds = Math.floor((epochMs - dayNumber * day) / 1000);
  const time = `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
  return `${prefix}${time}Z`;
}

/** What a vehicle does: one of the depot's teams, or yard/service duty kept in the depot group. */
type Duty = (typeof depotTeams)[number] | 'Depot';

interface VehicleModel {
  make: string;
  model: string;
  /** Letter in the fleet number: T tractor, B box truck, V van, R reefer, P pickup. */
  kind: string;
  type: number;
  /** The maker's identifier and vehicle descriptor: the first eight VIN characters. */
  vinPrefix: string;
  /** Distance a vehicle of this kind covers in a year, for believable odometers. */
  annualKm: number;
}

const tractor = (make: string, model: string, vinPrefix: string): VehicleModel => ({
  make,
  model,
  vinPrefix,
  kind: 'T',
  type: VehicleTypeId.tractor,
  annualKm: 160_000,
});
const boxTruck = (make: string, model: string, vinPrefix: string): VehicleModel => ({
  make,
  model,
  vinPrefix,
  kind: 'B',
  type: VehicleTypeId.straightTruck,
  annualKm: 45_000,
});
const van = (make: string, model: string, vinPrefix: string): VehicleModel => ({
  make,
  model,
  vinPrefix,
  kind: 'V',
  type: VehicleTypeId.cargoVan,
  annualKm: 38_000,
});
const reefer = (make: string, model: string, vinPrefix: string): VehicleModel => ({
  make,
  model,
  vinPrefix,
  kind: 'R',
  type: VehicleTypeId.refrigeratedTruck,
  annualKm: 70_000,
});
const pickup = (make: string, model: string, vinPrefix: string): VehicleModel => ({
  make,
  model,
  vinPrefix,
  kind: 'P',
  type: VehicleTypeId.pickup,
  annualKm: 25_000,
});

const fleetMix: Record<Duty, { share: number; models: VehicleModel[] }> = {
  'Long Haul': {
    share: 0.36,
    models: [
      tractor('Freightliner', 'Cascadia', '3AKJHHDR'),
      tractor('Volvo', 'VNL 860', '4V4NC9EH'),
      tractor('Kenworth', 'T680', '1XKYD49X'),
      tractor('Peterbilt', '579', '1XPBD49X'),
      tractor('International', 'LT625', '3HSDZAPR'),
    ],
  },
  'Local Delivery': {
    share: 0.38,
    models: [
      boxTruck('Isuzu', 'NPR-HD', 'JALC4W16'),
      boxTruck('Hino', 'L6', '5PVNJ8JV'),
      boxTruck('Freightliner', 'M2 106', '1FVACWFC'),
      van('Ford', 'Transit 250', '1FTBR1C8'),
      van('Mercedes-Benz', 'Sprinter 2500', 'W1Y4ECHY'),
      van('Ram', 'ProMaster 2500', '3C6TRVDG'),
    ],
  },
  Refrigerated: {
    share: 0.18,
    models: [
      reefer('Freightliner', 'M2 106', '1FVACWFC'),
      reefer('Isuzu', 'FTR', 'JALE5W16'),
      reefer('International', 'MV607', '3HAEUMML'),
      tractor('Volvo', 'VNL 760', '4V4NC9EJ'),
    ],
  },
  Depot: {
    share: 0.08,
    models: [
      pickup('Ford', 'F-150', '1FTFW1E5'),
      pickup('Chevrolet', 'Silverado 1500', '1GCUYDED'),
      pickup('Toyota', 'Tacoma', '3TMCZ5AN'),
    ],
  },
};

/** Depots by size: the big metro depots run more vehicles. */
const depotWeight: Record<string, { code: string; weight: number }> = {
  'Portland Depot': { code: 'PDX', weight: 1.4 },
  'Seattle Depot': { code: 'SEA', weight: 1.4 },
  'Tacoma Depot': { code: 'TIW', weight: 0.9 },
  'Spokane Depot': { code: 'GEG', weight: 0.8 },
  'Boise Depot': { code: 'BOI', weight: 0.8 },
  'Salt Lake City Depot': { code: 'SLC', weight: 1.0 },
  'Sacramento Depot': { code: 'SMF', weight: 1.1 },
  'Oakland Depot': { code: 'OAK', weight: 1.2 },
  'Fresno Depot': { code: 'FAT', weight: 0.9 },
};

interface DeviceModel {
  model: string;
  share: number;
  serialPrefix: string;
  serialDigits: number;
  firstSerial: number;
  /** Type allocation code of the camera's modem (the IMEI's first eight digits). */
  typeAllocationCode: string;
  firmware: { version: string; build: number }[];
}

const deviceModels: DeviceModel[] = [
  {
    model: 'ER-SF300',
    share: 0.3,
    serialPrefix: 'ER',
    serialDigits: 6,
    firstSerial: 900_101,
    typeAllocationCode: '35921108',
    firmware: [
      { version: '5.37', build: 330 },
      { version: '5.41', build: 352 },
    ],
  },
  {
    model: 'ER-SF400',
    share: 0.5,
    serialPrefix: 'SF8',
    serialDigits: 7,
    firstSerial: 8_001,
    typeAllocationCode: '35384110',
    firmware: [
      { version: '6.12', build: 118 },
      { version: '6.37', build: 136 },
    ],
  },
  {
    model: 'ER-SF64',
    share: 0.2,
    serialPrefix: 'QM6',
    serialDigits: 7,
    firstSerial: 21_001,
    typeAllocationCode: '86765703',
    firmware: [
      { version: '7.04', build: 212 },
      { version: '7.10', build: 240 },
    ],
  },
];

const hibernationChoices: { value: HibernationDelay | null; weight: number }[] = [
  { value: 'UseDefault', weight: 70 },
  { value: 'FifteenMinutes', weight: 8 },
  { value: 'OneHour', weight: 10 },
  { value: 'FourHours', weight: 4 },
  { value: 'NoHibernation', weight: 3 },
  { value: null, weight: 5 },
];

/**
 * Where a vehicle stands today, which decides its device, dates and history:
 * active/maintenance/new have a camera (new ones got it within 30 days); outOfService lost it
 * (to a move, a removal, or before the history window); pendingInstallation never had one.
 */
type Fate =
  'active' | 'maintenance' | 'new' | 'outOfService' | 'pendingInstallation' | 'decommissioned';

interface PlannedVehicle {
  vehicle: VehicleRecord;
  depot: Depot;
  depotGroupId: string;
  duty: Duty;
  model: VehicleModel;
  fate: Fate;
}

/** Vehicles, devices, assignment history and ECM data of the demo company (deterministic). */
export function seedFleet(context: SeedContext, random: Random): void {
  const { db } = context;
  db.vehicleStatuses = vehicleStatuses();
  db.vehicleTypes = vehicleTypes();
  db.seatbeltTypes = seatbeltTypes();
  db.countrySubdivisions = countrySubdivisions();

  const planned = planVehicles(context, random);
  db.vehicles = planned.map((entry) => entry.vehicle);
  const deviceFactory = createDeviceFactory(random);
  const devicesByVehicle = installDevices(planned, deviceFactory, random, context.anchor.getTime());
  const spares = createSpares(planned, deviceFactory, random, context);
  db.vehicleAssignments = writeHistory(planned, devicesByVehicle, spares, random, context);
  db.devices = [...devicesByVehicle.values(), ...spares];
  linkDrivers(planned, db.users, random);
  db.ecmReadings = seedEcmReadings(planned, random, context);
}

function weightedPick<T>(random: Random, choices: readonly { weight: number; value: T }[]): T {
  const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
  let roll = random.next() * total;
  for (const choice of choices) {
    roll -= choice.weight;
    if (roll < 0) return choice.value;
  }
  // Rounding can leave the roll a hair above zero after the last weight: that is the last choice.
  const last = choices.at(-1);
  if (!last) throw new Error('weightedPick needs at least one choice.');
  return last.value;
}

/**
 * Splits `total` over the items by weight, largest remainders first, so the counts add up
 * exactly. Each item comes back with its count, in the order given.
 */
function apportion<T>(
  total: number,
  items: readonly T[],
  weightOf: (item: T) => number,
): { item: T; count: number }[] {
  const sum = items.reduce((acc, item) => acc + weightOf(item), 0);
  const shares = items.map((item) => {
    const exact = (total * weightOf(item)) / sum;
    return { item, whole: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  const left = total - shares.reduce((acc, share) => acc + share.whole, 0);
  const roundedUp = new Set(
    [...shares].sort((a, b) => b.remainder - a.remainder).slice(0, Math.max(left, 0)),
  );
  return shares.map((share) => ({
    item: share.item,
    count: roundedUp.has(share) ? share.whole + 1 : share.whole,
  }));
}

/** Share of the fleet in each non-active state; exact counts, so even scale 1 has every story. */
const fateShares: [Fate, number][] = [
  ['outOfService', 0.03],
  ['pendingInstallation', 0.015],
  ['decommissioned', 0.005],
  ['new', 0.05],
  ['maintenance', 0.04],
];

function dealFates(total: number, random: Random): Fate[] {
  const fates: Fate[] = fateShares.flatMap(([fate, share]) =>
    Array.from({ length: Math.max(1, Math.round(total * share)) }, () => fate),
  );
  while (fates.length < total) fates.push('active');
  return shuffled(random, fates.slice(0, total));
}

const fateStatus: Record<Fate, number> = {
  active: VehicleStatusId.inService,
  new: VehicleStatusId.inService,
  maintenance: VehicleStatusId.inMaintenance,
  outOfService: VehicleStatusId.outOfService,
  pendingInstallation: VehicleStatusId.pendingInstallation,
  decommissioned: VehicleStatusId.decommissioned,
};

function planVehicles(context: SeedContext, random: Random): PlannedVehicle[] {
  const { db, scale, anchor } = context;
  const anchorMs = anchor.getTime();
  const anchorYear = anchor.getUTCFullYear();
  const groupsByName = new Map<string, GroupRecord>();
  const childrenByParent = new Map<string, GroupRecord[]>();
  for (const group of db.groups) {
    if (!groupsByName.has(group.name)) groupsByName.set(group.name, group);
    if (group.parentId !== group.id) {
      const siblings = childrenByParent.get(group.parentId);
      if (siblings) siblings.push(group);
      else childrenByParent.set(group.parentId, [group]);
    }
  }
  const depots = allDepots.flatMap((depot) => {
    const group = groupsByName.get(depot.groupName);
    return group ? [{ depot, group }] : [];
  });
  const subdivisionIdByCode = new Map(
    db.countrySubdivisions.map((entry) => [entry.code, entry.id]),
  );
  const duties = Object.keys(fleetMix) as Duty[];
  const depotCounts = apportion(
    200 * scale,
    depots,
    ({ depot }) => depotWeight[depot.groupName]?.weight ?? 1,
  );

  const planned: PlannedVehicle[] = [];
  // One fate per vehicle, dealt in planning order.
  const fates = dealFates(
    depotCounts.reduce((sum, { count }) => sum + count, 0),
    random,
  ).values();
  let vinSerial = 100_000 + random.int(0, 9_999);
  for (const { item: depotEntry, count: depotCount } of depotCounts) {
    const { depot, group: depotGroup } = depotEntry;
    const code = depotWeight[depot.groupName]?.code ?? depot.city.slice(0, 3).toUpperCase();
    const teams = childrenByParent.get(depotGroup.id) ?? [];
    const fleetNumbers = new Map<string, number>();
    const dutyCounts = apportion(depotCount, duties, (duty) => fleetMix[duty].share);
    for (const { item: duty, count: dutyCount } of dutyCounts) {
      // A depot without this team keeps those vehicles in the depot group itself.
      const group = teams.find((team) => team.name === duty) ?? depotGroup;
      for (let count = 0; count < dutyCount; count++) {
        const model = random.pick(fleetMix[duty].models);
        const fleetNumber = (fleetNumbers.get(model.kind) ?? 100) + random.int(1, 3);
        fleetNumbers.set(model.kind, fleetNumber);
        const year = Math.max(2012, anchorYear - random.int(0, 9));
        const dealt = fates.next();
        if (dealt.done) throw new Error('More vehicles were planned than fates dealt.');
        const fate = dealt.value;
        vinSerial += random.int(1, 40);
        planned.push({
          vehicle: {
            id: random.uuid(),
            name: `${code}-${model.kind}${fleetNumber}`,
            type: random.chance(0.04) ? VehicleTypeId.unassigned : model.type,
            status: fateStatus[fate],
            seatbeltType: random.chance(0.94) ? 1 : random.pick([0, 2, 3]),
            licensePlateNumber: buildPlate(depot.subdivisionCode, random),
            countrySubdivisionId: subdivisionIdByCode.get(depot.subdivisionCode) ?? null,
            lastConnected: null,
            groupId: group.id,
            vin: buildVin(model.vinPrefix, year, vinSerial, random),
            driverId: null,
            deviceId: null,
            make: model.make,
            model: model.model,
            year,
            hibernationDelay: weightedPick(random, hibernationChoices),
            legacyVehicleId: db.nextIds.legacyVehicleId++,
            createdDate: toIsoSeconds(createdAt(fate, anchorMs, random)),
          },
          depot,
          depotGroupId: depotGroup.id,
          duty,
          model,
          fate,
        });
      }
    }
  }
  return planned;
}

function createdAt(fate: Fate, anchorMs: number, random: Random): number {
  const jitter = random.int(0, 12 * 60) * minute;
  if (fate === 'new') return anchorMs - random.int(2, 29) * day - jitter;
  if (fate === 'pendingInstallation') return anchorMs - random.int(1, 14) * day - jitter;
  return anchorMs - random.int(90, 2400) * day - jitter;
}

interface DeviceFactory {
  create(groupId: string, vehicleId: string | null, initialConnectionMs: number): DeviceRecord;
}

function createDeviceFactory(random: Random): DeviceFactory {
  const nextSerial = new Map(deviceModels.map((model) => [model.model, model.firstSerial]));
  let imeiSerial = random.int(100_000, 200_000);
  const choices = deviceModels.map((model) => ({ weight: model.share, value: model }));
  return {
    create(groupId, vehicleId, initialConnectionMs) {
      const model = weightedPick(random, choices);
      // Every model starts at its first serial, so the fallback never shows.
      const serial = (nextSerial.get(model.model) ?? model.firstSerial) + random.int(1, 4);
      nextSerial.set(model.model, serial);
      imeiSerial += random.int(1, 9);
      const firmware = random.pick(model.firmware);
      const createdMs = initialConnectionMs - random.int(3, 20) * day - random.int(0, 600) * minute;
      return {
        deviceId: random.uuid(),
        serialNumber: `${model.serialPrefix}${String(serial).padStart(model.serialDigits, '0')}`,
        imei: buildImei(model.typeAllocationCode, imeiSerial),
        deviceModel: model.model,
        firmwareVersion: firmware.version,
        build: firmware.build,
        groupId,
        initialConnection: toIsoSeconds(initialConnectionMs),
        lastConnected: null,
        status: vehicleId ? DeviceStatus.inService : DeviceStatus.spare,
        vehicleId,
        createdDate: toIsoSeconds(createdMs),
        updatedDate: toIsoSeconds(initialConnectionMs),
      };
    },
  };
}

/** When a vehicle last reported: minutes ago if it is on the road, days ago if it is not. */
function lastConnectedAt(fate: Fate, anchorMs: number, random: Random): number | null {
  switch (fate) {
    case 'active':
    case 'new':
      return random.chance(0.65)
        ? anchorMs - random.int(2, 240) * minute
        : anchorMs - random.int(4 * 60, 40 * 60) * minute;
    case 'maintenance':
      return anchorMs - random.int(2, 12) * day - random.int(0, 1200) * minute;
    case 'outOfService':
      return anchorMs - random.int(31, 120) * day - random.int(0, 1200) * minute;
    case 'decommissioned':
      return anchorMs - random.int(60, 300) * day - random.int(0, 1200) * minute;
    case 'pendingInstallation':
      return null;
  }
}

function installDevices(
  planned: PlannedVehicle[],
  factory: DeviceFactory,
  random: Random,
  anchorMs: number,
): Map<string, DeviceRecord> {
  const devicesByVehicle = new Map<string, DeviceRecord>();
  for (const { vehicle, fate } of planned) {
    const lastConnectedMs = lastConnectedAt(fate, anchorMs, random);
    vehicle.lastConnected =
      lastConnectedMs === null ? null : toIsoSeconds(lastConnectedMs + random.int(0, 59) * 1000);
    if (fate !== 'active' && fate !== 'maintenance' && fate !== 'new') continue;
    const createdMs = Date.parse(vehicle.createdDate);
    // New vehicles get their camera within two days of joining the fleet.
    const installedMs =
      fate === 'new'
        ? Math.min(createdMs + random.int(2, 48) * hour, anchorMs - 5 * minute)
        : createdMs + random.int(1, 6) * day;
    const device = factory.create(vehicle.groupId, vehicle.id, installedMs);
    device.lastConnected = vehicle.lastConnected;
    if (fate !== 'new') {
      const firmwareUpdateMs = anchorMs - random.int(1, 90) * day;
      device.updatedDate = toIsoSeconds(Math.max(installedMs, firmwareUpdateMs));
    }
    vehicle.deviceId = device.deviceId;
    devicesByVehicle.set(vehicle.id, device);
  }
  return devicesByVehicle;
}

/** Cameras on the depot shelves: bench-tested once, never (or no longer) in a vehicle. */
function createSpares(
  planned: PlannedVehicle[],
  factory: DeviceFactory,
  random: Random,
  context: SeedContext,
): DeviceRecord[] {
  const anchorMs = context.anchor.getTime();
  const depotGroupIds = [...new Set(planned.map((entry) => entry.depotGroupId))];
  if (depotGroupIds.length === 0) return [];
  const count = Math.round(planned.length * 0.07);
  return Array.from({ length: count }, () => {
    const initialMs = anchorMs - random.int(40, 900) * day - random.int(0, 1200) * minute;
    const device = factory.create(random.pick(depotGroupIds), null, initialMs);
    device.lastConnected = toIsoSeconds(
      Math.max(initialMs, anchorMs - random.int(31, 200) * day - random.int(0, 1200) * minute),
    );
    device.updatedDate = device.lastConnected;
    return device;
  });
}

/**
 * Device-to-vehicle changes of the last 30 days, built so that replaying them ends in today's
 * state: new vehicles got their camera (additions), faulty cameras were swapped (removal, then
 * addition), cameras left out-of-service vehicles for other ones (moves) or for the shelf
 * (removals). Each vehicle and device takes part in at most one story, so nothing contradicts.
 */
function writeHistory(
  planned: PlannedVehicle[],
  devicesByVehicle: Map<string, DeviceRecord>,
  spares: DeviceRecord[],
  random: Random,
  context: SeedContext,
): VehicleAssignmentRecord[] {
  const anchorMs = context.anchor.getTime();
  const changes: VehicleAssignmentRecord[] = [];
  const addition = (device: DeviceRecord, vehicle: VehicleRecord, atMs: number) =>
    changes.push({
      deviceId: device.deviceId,
      vehicleId: vehicle.id,
      previousVehicleId: SAMPLE_VEHICLE_ID,
      vehicleName: vehicle.name,
      groupId: vehicle.groupId,
      previousVehicleName: null,
      previousGroupId: null,
      updatedDate: toIsoSeconds(atMs),
    });
  const removal = (device: DeviceRecord, vehicle: VehicleRecord, atMs: number) =>
    changes.push({
      deviceId: device.deviceId,
      vehicleId: SAMPLE_VEHICLE_ID,
      previousVehicleId: vehicle.id,
      vehicleName: null,
      groupId: null,
      previousVehicleName: vehicle.name,
      previousGroupId: vehicle.groupId,
      updatedDate: toIsoSeconds(atMs),
    });
  // The first story lands in the hour before the anchor, so "the last 24 hours" is never empty.
  let storyCount = 0;
  const storyTime = () => {
    const minutesAgo =
      storyCount++ === 0
        ? random.int(10, 50)
        : random.chance(0.25)
          ? random.int(10, 20 * 60)
          : random.int(20 * 60, 30 * 24 * 60);
    return anchorMs - minutesAgo * minute + random.int(0, 59) * 1000;
  };
  // A camera reports after it is installed, so the vehicle's last contact cannot predate that.
  const reportAfter = (vehicle: VehicleRecord, device: DeviceRecord, installedMs: number) => {
    if (vehicle.lastConnected && Date.parse(vehicle.lastConnected) > installedMs) return;
    vehicle.lastConnected = toIsoSeconds(
      Math.min(anchorMs - minute, installedMs + random.int(5, 60) * minute),
    );
    device.lastConnected = vehicle.lastConnected;
  };
  // Every vehicle in service got a camera in installDevices.
  const installedDevice = (vehicle: VehicleRecord): DeviceRecord => {
    const device = devicesByVehicle.get(vehicle.id);
    if (!device) throw new Error(`Vehicle ${vehicle.name} in service has no camera installed.`);
    return device;
  };
  const retireAt = (device: DeviceRecord, vehicle: VehicleRecord, atMs: number, status: string) => {
    device.groupId = vehicle.groupId;
    device.status = status;
    device.lastConnected = toIsoSeconds(atMs - random.int(5, 90) * minute);
    device.updatedDate = toIsoSeconds(atMs);
    const initialMs = Date.parse(vehicle.createdDate) + random.int(1, 6) * day;
    device.initialConnection = toIsoSeconds(initialMs);
    device.createdDate = toIsoSeconds(initialMs - random.int(3, 20) * day);
  };

  for (const { vehicle, fate } of planned) {
    const device = devicesByVehicle.get(vehicle.id);
    if (fate !== 'new' || !device) continue;
    const installedMs = Date.parse(device.initialConnection);
    addition(device, vehicle, installedMs);
    reportAfter(vehicle, device, installedMs);
  }

  const order = shuffled(random, planned);
  const unusedActive = order.filter((entry) => entry.fate === 'active');
  const outOfService = order.filter((entry) => entry.fate === 'outOfService');
  const shelf = [...spares];

  const swaps = Math.min(Math.round(planned.length * 0.03), shelf.length, unusedActive.length);
  for (let index = 0; index < swaps; index++) {
    const active = unusedActive.pop();
    const oldDevice = shelf.pop();
    // swaps is at most the length of either list.
    if (!active || !oldDevice) break;
    const { vehicle } = active;
    const newDevice = installedDevice(vehicle);
    const installedMs = storyTime();
    const removedMs = installedMs - random.int(20, 90) * minute;
    retireAt(
      oldDevice,
      vehicle,
      removedMs,
      random.chance(0.6) ? DeviceStatus.inRepair : DeviceStatus.pendingRemoval,
    );
    removal(oldDevice, vehicle, removedMs);
    reportAfter(vehicle, newDevice, installedMs);
    newDevice.initialConnection = toIsoSeconds(installedMs);
    newDevice.createdDate = toIsoSeconds(installedMs - random.int(3, 20) * day);
    newDevice.updatedDate = newDevice.initialConnection;
    addition(newDevice, vehicle, installedMs);
  }

  // Of the out-of-service vehicles, some lost their camera to another vehicle, some to the shelf,
  // and the rest before the history window.
  const moves = Math.round(outOfService.length * 0.4);
  const removals = Math.round(outOfService.length * 0.35);
  outOfService.forEach(({ vehicle }, index) => {
    const taker = index < moves ? unusedActive.pop() : undefined;
    const shelved = !taker && index < moves + removals ? shelf.pop() : undefined;
    if (taker) {
      const target = taker.vehicle;
      const device = installedDevice(target);
      const movedMs = storyTime();
      vehicle.lastConnected = toIsoSeconds(movedMs - random.int(30, 600) * minute);
      device.updatedDate = toIsoSeconds(movedMs);
      reportAfter(target, device, movedMs);
      changes.push({
        deviceId: device.deviceId,
        vehicleId: target.id,
        previousVehicleId: vehicle.id,
        vehicleName: target.name,
        groupId: target.groupId,
        previousVehicleName: vehicle.name,
        previousGroupId: vehicle.groupId,
        updatedDate: toIsoSeconds(movedMs),
      });
    } else if (shelved) {
      const device = shelved;
      const removedMs = storyTime();
      vehicle.lastConnected = toIsoSeconds(removedMs - random.int(30, 600) * minute);
      retireAt(device, vehicle, removedMs, DeviceStatus.spare);
      removal(device, vehicle, removedMs);
    }
  });
  return changes.sort((a, b) => a.updatedDate.localeCompare(b.updatedDate));
}

/** A few long-haul and reefer vehicles have a steady one-to-one driver. */
function linkDrivers(planned: PlannedVehicle[], users: UserRecord[], random: Random): void {
  const driversByGroup = new Map<string, UserRecord[]>();
  for (const user of users) {
    if (!user.isDriver) continue;
    const drivers = driversByGroup.get(user.primaryGroupId);
    if (drivers) drivers.push(user);
    else driversByGroup.set(user.primaryGroupId, [user]);
  }
  for (const { vehicle, duty } of planned) {
    if (!vehicle.deviceId || (duty !== 'Long Haul' && duty !== 'Refrigerated')) continue;
    if (!random.chance(0.35)) continue;
    const driver = driversByGroup.get(vehicle.groupId)?.pop();
    if (driver) vehicle.driverId = driver.userId;
  }
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * GPS and engine readings for the legacy ECM API: vehicles on the road leave a short track
 * (every 15 minutes) along one of their depot's highways; parked ones sit in the depot yard.
 * A few have no engine link (odometer null, so /odometer answers 204).
 */
function seedEcmReadings(
  planned: PlannedVehicle[],
  random: Random,
  context: SeedContext,
): EcmReadingRecord[] {
  const anchorMs = context.anchor.getTime();
  const trackLength = context.scale === 1 ? 8 : 2;
  const readings: EcmReadingRecord[] = [];
  for (const { vehicle, depot, duty, model } of planned) {
    if (!vehicle.lastConnected) continue;
    const lastMs = Date.parse(vehicle.lastConnected);
    const hasEngineLink = random.chance(0.97);
    const deviceVin = hasEngineLink && random.chance(0.95) ? vehicle.vin : null;
    const ageYears = context.anchor.getUTCFullYear() - (vehicle.year ?? 2018) + random.next();
    const latestOdometer = Math.round(
      model.annualKm * Math.max(0.2, ageYears) * (0.8 + random.next() * 0.4),
    );
    const corridors = corridorsFor(depot.groupName);
    const onTheRoad = anchorMs - lastMs < 4 * hour && corridors.length > 0 && random.chance(0.6);
    const count = vehicle.deviceId ? trackLength : 1;

    if (!onTheRoad) {
      const latitude = round(depot.latitude + (random.next() - 0.5) * 0.004, 6);
      const longitude = round(depot.longitude + (random.next() - 0.5) * 0.005, 6);
      const direction = random.int(0, 359);
      for (let step = count - 1; step >= 0; step--) {
        readings.push({
          legacyVehicleId: vehicle.legacyVehicleId,
          deviceVin,
          odometerKm: hasEngineLink ? latestOdometer : null,
          latitude,
          longitude,
          gpsDateTime: toIsoSeconds(lastMs - step * 15 * minute),
          direction,
          speed: 0,
        });
      }
      continue;
    }

    const corridor = random.pick(corridors);
    const reachKm = duty === 'Long Haul' ? corridor.lengthKm : Math.min(corridor.lengthKm, 40);
    const speedKmh = duty === 'Long Haul' ? random.int(78, 105) : random.int(35, 80);
    const stepKm = (speedKmh * 15) / 60;
    // Distance driven along an out-and-back loop of the corridor; folding it keeps a track on the road.
    const latestTripKm = random.next() * 2 * reachKm;
    for (let step = count - 1; step >= 0; step--) {
      const tripKm =
        (((latestTripKm - step * stepKm) % (2 * reachKm)) + 2 * reachKm) % (2 * reachKm);
      const outbound = tripKm <= reachKm;
      const point = corridor.at(outbound ? tripKm : 2 * reachKm - tripKm);
      readings.push({
        legacyVehicleId: vehicle.legacyVehicleId,
        deviceVin,
        odometerKm: hasEngineLink ? Math.round(latestOdometer - step * stepKm) : null,
        latitude: round(point.latitude + (random.next() - 0.5) * 0.0004, 6),
        longitude: round(point.longitude + (random.next() - 0.5) * 0.0004, 6),
        gpsDateTime: toIsoSeconds(lastMs - step * 15 * minute),
        direction: round(outbound ? point.bearing : (point.bearing + 180) % 360, 1),
        speed: round(speedKmh + (random.next() - 0.5) * 6, 1),
      });
    }
  }
  return readings;
}
