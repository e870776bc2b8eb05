import type {
  DeviceRecord,
  LookupRecord,
  NoteRecord,
  SafetyEventRecord,
  UserRecord,
  VehicleRecord,
} from '../db';
import { indexGroups } from '../group-tree';
import { allDepots, type Depot } from './company';
import { isoSeconds, randomGuid } from './flat-strings';
import { corridorsFor } from './fleet-routes';
import { ROLE_IDS } from './organisation';
import { createRandom, shuffled, type Random } from './random';
import type { SeedContext } from './index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EVENTS_PER_SCALE = 1000;
const HISTORY_DAYS = 60;
const RECENT_DAYS = 14;
/** Share of events in the last RECENT_DAYS: review queues are busiest for recent events. */
const RECENT_SHARE = 0.55;
const NO_FILE_SHARE = 0.1;

const EVENT_STATUS = {
  new: 1,
  readyForReview: 2,
  reviewed: 3,
  coaching: 4,
  coached: 5,
  resolved: 6,
  dismissed: 7,
} as const;

const statusNames: Record<number, string> = {
  [EVENT_STATUS.new]: 'New',
  [EVENT_STATUS.readyForReview]: 'Ready for Review',
  [EVENT_STATUS.reviewed]: 'Reviewed',
  [EVENT_STATUS.coaching]: 'Coaching',
  [EVENT_STATUS.coached]: 'Coached',
  [EVENT_STATUS.resolved]: 'Resolved',
  [EVENT_STATUS.dismissed]: 'Dismissed',
};

const behaviorNames = [
  'Late Response',
  'Cell Phone Use',
  'Following Too Close',
  'No Seat Belt',
  'Speeding',
  'Rolling Stop',
  'Unsafe Lane Change',
  'Inattentive',
  'Drowsy Driving',
  'Hard Braking',
  'Aggressive Acceleration',
  'Ran Red Light',
  'Food or Drink',
  'Smoking',
  'Near Collision - Unavoidable',
  'Collision',
];
const behavior = (name: string) => behaviorNames.indexOf(name) + 1;

const dynamicRiskNames = [
  'Rain',
  'Night',
  'Heavy Traffic',
  'School Zone',
  'Construction Zone',
  'Fog',
  'Snow or Ice',
  'Pedestrians Present',
];
const NIGHT_RISK_ID = dynamicRiskNames.indexOf('Night') + 1;

export interface TriggerProfile {
  name: string;
  /** Relative frequency among events. */
  weight: number;
  subTypes: string[];
  behaviors: string[];
  clip: string;
  /** m/s at the trigger. */
  speed: [number, number];
  /** Signed g: negative is braking. */
  forward: [number, number];
  lateral: [number, number];
  score: [number, number];
}

export const triggerProfiles: TriggerProfile[] = [
  {
    name: 'Following Distance',
    weight: 18,
    subTypes: ['Close Following (under 1 s)', 'Tailgating (under 0.5 s)'],
    behaviors: ['Following Too Close', 'Late Response', 'Inattentive'],
    clip: 'following-distance',
    speed: [18, 31],
    forward: [-0.25, 0.05],
    lateral: [-0.1, 0.1],
    score: [4, 9],
  },
  {
    name: 'Handheld Device',
    weight: 14,
    subTypes: ['Phone Call', 'Texting'],
    behaviors: ['Cell Phone Use', 'Inattentive', 'Late Response'],
    clip: 'cell-phone',
    speed: [5, 28],
    forward: [-0.1, 0.1],
    lateral: [-0.1, 0.1],
    score: [6, 10],
  },
  {
    name: 'Lane Departure',
    weight: 10,
    subTypes: ['Lane Drift', 'Unsignalled Lane Change'],
    behaviors: ['Unsafe Lane Change', 'Inattentive', 'Drowsy Driving'],
    clip: 'lane-departure',
    speed: [20, 30],
    forward: [-0.1, 0.1],
    lateral: [-0.35, 0.35],
    score: [3, 7],
  },
  {
    name: 'Rolling Stop',
    weight: 10,
    subTypes: ['Stop Sign'],
    behaviors: ['Rolling Stop', 'Ran Red Light', 'Inattentive'],
    clip: 'rolling-stop',
    speed: [1.5, 5],
    forward: [-0.2, 0.05],
    lateral: [-0.1, 0.1],
    score: [3, 6],
  },
  {
    name: 'Harsh Braking',
    weight: 14,
    subTypes: ['Hard Brake'],
    behaviors: ['Hard Braking', 'Late Response', 'Following Too Close'],
    clip: 'harsh-braking',
    speed: [8, 27],
    forward: [-0.85, -0.42],
    lateral: [-0.15, 0.15],
    score: [4, 8],
  },
  {
    name: 'Harsh Acceleration',
    weight: 5,
    subTypes: ['Hard Acceleration'],
    behaviors: ['Aggressive Acceleration'],
    clip: 'harsh-acceleration',
    speed: [3, 15],
    forward: [0.35, 0.6],
    lateral: [-0.1, 0.1],
    score: [2, 5],
  },
  {
    name: 'Harsh Cornering',
    weight: 6,
    subTypes: ['Hard Turn Left', 'Hard Turn Right'],
    behaviors: ['Speeding', 'Aggressive Acceleration'],
    clip: 'harsh-cornering',
    speed: [6, 17],
    forward: [-0.2, 0.1],
    lateral: [-0.7, 0.7],
    score: [3, 6],
  },
  {
    name: 'Collision',
    weight: 2,
    subTypes: ['Collision', 'Near Collision'],
    behaviors: [
      'Collision',
      'Near Collision - Unavoidable',
      'Late Response',
      'Following Too Close',
    ],
    clip: 'collision',
    speed: [0, 16],
    forward: [-2.4, -0.9],
    lateral: [-0.9, 0.9],
    score: [8, 10],
  },
  {
    name: 'Speeding',
    weight: 9,
    subTypes: ['Posted Speed Exceeded', 'Severe Speeding'],
    behaviors: ['Speeding', 'Aggressive Acceleration'],
    clip: 'speeding',
    speed: [27, 37],
    forward: [-0.05, 0.1],
    lateral: [-0.1, 0.1],
    score: [3, 8],
  },
  {
    name: 'Seatbelt',
    weight: 5,
    subTypes: ['No Seat Belt'],
    behaviors: ['No Seat Belt'],
    clip: 'seatbelt',
    speed: [4, 25],
    forward: [-0.05, 0.05],
    lateral: [-0.05, 0.05],
    score: [5, 8],
  },
  {
    name: 'Drowsiness',
    weight: 3,
    subTypes: ['Eyes Closed'],
    behaviors: ['Drowsy Driving', 'Inattentive', 'Late Response'],
    clip: 'drowsiness',
    speed: [20, 30],
    forward: [-0.1, 0.05],
    lateral: [-0.2, 0.2],
    score: [7, 10],
  },
  {
    name: 'Distraction',
    weight: 4,
    subTypes: ['Looking Down', 'Food or Drink'],
    behaviors: ['Inattentive', 'Food or Drink', 'Smoking', 'Late Response'],
    clip: 'distraction',
    speed: [8, 28],
    forward: [-0.1, 0.05],
    lateral: [-0.1, 0.1],
    score: [4, 8],
  },
];

/** Device sensitivity presets: thresholds are configured per device, not per event. */
const thresholdPresets = [
  { forward: 0.4, lateral: 0.45, shock: 1.5 },
  { forward: 0.45, lateral: 0.5, shock: 1.75 },
  { forward: 0.35, lateral: 0.4, shock: 1.25 },
];

/** A device's preset, chosen by the last character of its serial number. */
function thresholdsFor(serialNumber: string): (typeof thresholdPresets)[number] {
  const preset =
    thresholdPresets[serialNumber.charCodeAt(serialNumber.length - 1) % thresholdPresets.length];
  if (!preset) throw new RangeError(`No threshold preset for serial number "${serialNumber}".`);
  return preset;
}

const reviewNoteBodies = [
  'Driver looked away from the road for about three seconds before the trigger.',
  'Confirmed: following distance under one second at highway speed.',
  'Road was wet; the stop was late but controlled.',
  'Reviewed with audio: driver was on a hands-free call, handheld use not confirmed.',
  'Lead vehicle cut in; the driver reacted well. Recommend dismissing.',
  'Clear view of the stop line, vehicle did not come to a full stop.',
  'Second event this week for this driver; flag for coaching.',
  'Lane drift while reaching for something on the passenger seat.',
];
const coachingNoteBodies = [
  'Discussed the four-second rule and watched the clip together.',
  'Driver acknowledged the behaviour and signed the coaching form.',
  'Reviewed phone policy; phone will be kept in the glovebox while driving.',
  'Walked through the stop-sign approach; driver will slow earlier.',
  'Driver disputed the trigger; agreed the gap closed because of a cut-in.',
  'Coached on seat belt use before leaving the yard.',
];

/** What managers add to an event outside review and coaching: context from the depot. */
const eventNoteBodies = [
  'Driver called the depot right after the event to explain what happened.',
  'Roadworks on this stretch that week; the lane markings were temporary.',
  'Driver was covering an unfamiliar route for a colleague.',
  'Police attended; no injuries. The report number is in the depot log.',
  'Windscreen chip found at the next inspection; the camera view is unaffected.',
  'A member of the public phoned in about this vehicle the same afternoon.',
];
/** Share of events with a note of that kind. */
const EVENT_NOTE_SHARE = 0.15;

const dstCache = new Map<number, [number, number]>();

/** US daylight saving: second Sunday of March to the first Sunday of November, 02:00 local. */
function isUsDaylightTime(utcMs: number, standardOffsetMinutes: number): boolean {
  const localMs = utcMs + standardOffsetMinutes * MINUTE;
  const year = new Date(localMs).getUTCFullYear();
  let window = dstCache.get(year);
  if (!window) {
    const nthSunday = (month: number, nth: number) => {
      const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
      return Date.UTC(year, month, 1 + ((7 - first) % 7) + (nth - 1) * 7, 2);
    };
    // Both bounds in standard local time: the November change happens at 02:00 daylight time.
    window = [nthSunday(2, 2), nthSunday(10, 1) - HOUR];
    dstCache.set(year, window);
  }
  return localMs >= window[0] && localMs < window[1];
}

const zones = {
  PST: { abbreviation: 'PST', offset: -480 },
  PDT: { abbreviation: 'PDT', offset: -420 },
  MST: { abbreviation: 'MST', offset: -420 },
  MDT: { abbreviation: 'MDT', offset: -360 },
};

/** Pacific for Oregon, Washington and California depots, Mountain for Idaho and Utah. */
function zoneFor(depot: Depot, utcMs: number): { abbreviation: string; offset: number } {
  if (depot.subdivisionCode === 'US-ID' || depot.subdivisionCode === 'US-UT') {
    return isUsDaylightTime(utcMs, -420) ? zones.MDT : zones.MST;
  }
  return isUsDaylightTime(utcMs, -480) ? zones.PDT : zones.PST;
}

const between = (random: Random, [low, high]: [number, number]) =>
  low + random.next() * (high - low);
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A step `delay` after `after`, kept before the seeding day (a few hours early when it would pass it). */
function settle(random: Random, anchorMs: number, after: number, delay: number): number {
  const latest = Math.max(after, anchorMs - random.int(5, 240) * MINUTE);
  return Math.min(after + delay, latest);
}

function note(
  random: Random,
  kind: NoteRecord['kind'],
  author: UserRecord,
  body: string,
  atMs: number,
): NoteRecord {
  return {
    id: randomGuid(random),
    kind,
    body,
    creationDate: isoSeconds(atMs),
    authorUserId: author.userId,
    firstName: author.firstName,
    lastName: author.lastName,
  };
}

function lookups(names: readonly string[], anchorMs: number, ageDays: number): LookupRecord[] {
  return names.map((name, index) => ({
    id: index + 1,
    name,
    creationDate: isoSeconds(anchorMs - (ageDays - index) * DAY),
  }));
}

interface Source {
  vehicle: VehicleRecord;
  device: DeviceRecord;
  depot: Depot;
  drivers: UserRecord[];
  coaches: UserRecord[];
}

/** Vehicles with a camera, each with its depot and the people who drive and coach there. */
function eventSources({ db }: SeedContext): Source[] {
  const groups = indexGroups(db.groups);
  const depotByName = new Map(allDepots.map((depot) => [depot.groupName, depot]));
  const depotOfGroup = (groupId: string): Depot | undefined => {
    const group = groups.byId(groupId);
    return group
      ? groups
          .ancestry(group)
          .map((g) => depotByName.get(g.name))
          .find(Boolean)
      : undefined;
  };
  const devices = new Map(db.devices.map((device) => [device.deviceId, device]));
  const driversByDepot = new Map<string, UserRecord[]>();
  const coachesByDepot = new Map<string, UserRecord[]>();
  const coachRoles = new Set<number>([ROLE_IDS.coach, ROLE_IDS.safetyManager]);
  for (const user of db.users) {
    if (user.isDriver) {
      const home = depotOfGroup(user.primaryGroupId);
      if (home) pushTo(driversByDepot, home.groupName, user);
      continue;
    }
    // A depot coach coaches there; a regional safety manager in every depot of the region.
    const coachGroup = user.groupRoles.find((role) => coachRoles.has(role.roleId))?.groupId;
    if (!coachGroup) continue;
    for (const depot of depotsUnder(groups, coachGroup, depotByName)) {
      pushTo(coachesByDepot, depot.groupName, user);
    }
  }
  const fallbackCoaches = db.users.filter((user) => !user.isDriver);
  const sources: Source[] = [];
  for (const vehicle of db.vehicles) {
    const device = vehicle.deviceId ? devices.get(vehicle.deviceId) : undefined;
    const depot = depotOfGroup(vehicle.groupId);
    if (!device || !depot) continue;
    sources.push({
      vehicle,
      device,
      depot,
      drivers: driversByDepot.get(depot.groupName) ?? [],
      coaches: coachesByDepot.get(depot.groupName) ?? fallbackCoaches,
    });
  }
  return sources;
}

function depotsUnder(
  groups: ReturnType<typeof indexGroups>,
  groupId: string,
  depotByName: Map<string, Depot>,
): Depot[] {
  const found: Depot[] = [];
  const stack = [groupId];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const group = groups.byId(id);
    const depot = group && depotByName.get(group.name);
    if (depot) found.push(depot);
    else stack.push(...groups.children(id).map((child) => child.id));
  }
  return found;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Status by age: recent events wait for review, older ones have moved through coaching. */
function pickStatus(random: Random, ageDays: number): number {
  const roll = random.next();
  if (ageDays < 1) return roll < 0.6 ? EVENT_STATUS.new : EVENT_STATUS.readyForReview;
  if (ageDays < 4) {
    if (roll < 0.15) return EVENT_STATUS.new;
    if (roll < 0.55) return EVENT_STATUS.readyForReview;
    if (roll < 0.75) return EVENT_STATUS.reviewed;
    if (roll < 0.9) return EVENT_STATUS.coaching;
    return EVENT_STATUS.dismissed;
  }
  if (ageDays < RECENT_DAYS) {
    if (roll < 0.1) return EVENT_STATUS.readyForReview;
    if (roll < 0.3) return EVENT_STATUS.reviewed;
    if (roll < 0.55) return EVENT_STATUS.coaching;
    if (roll < 0.8) return EVENT_STATUS.coached;
    if (roll < 0.9) return EVENT_STATUS.resolved;
    return EVENT_STATUS.dismissed;
  }
  if (roll < 0.05) return EVENT_STATUS.coaching;
  if (roll < 0.15) return EVENT_STATUS.reviewed;
  if (roll < 0.45) return EVENT_STATUS.coached;
  if (roll < 0.85) return EVENT_STATUS.resolved;
  return EVENT_STATUS.dismissed;
}

/**
 * Safety lookups and ~1,000 × scale events over the last 60 days (denser in the last 14), each
 * from a real vehicle's camera near its depot, with review and coaching history consistent with
 * its status. Without vehicles and devices only the lookups are seeded.
 */
export function seedSafety(context: SeedContext, random: Random): void {
  const { db, scale, anchor } = context;
  const anchorMs = anchor.getTime();
  db.eventTriggers = lookups(
    triggerProfiles.map((profile) => profile.name),
    anchorMs,
    1400,
  );
  const subTypeNames = triggerProfiles.flatMap((profile) => profile.subTypes);
  db.eventTriggerSubTypes = lookups(subTypeNames, anchorMs, 1380);
  db.eventStatuses = lookups(Object.values(statusNames), anchorMs, 1400);
  db.eventBehaviors = lookups(behaviorNames, anchorMs, 1390);
  db.dynamicRisks = lookups(dynamicRiskNames, anchorMs, 1200);

  let nextSubTypeId = 1;
  const profiles = triggerProfiles.map((profile, index) => ({
    ...profile,
    triggerId: index + 1,
    subTypeIds: profile.subTypes.map(() => nextSubTypeId++),
    behaviorIds: profile.behaviors.map(behavior),
  }));

  const sources = eventSources(context);
  if (sources.length === 0) return;
  // A few vehicles (and so drivers) cause most events, as in real fleets.
  const riskOrder = shuffled(random, sources);
  const usersById = new Map(db.users.map((user) => [user.userId, user]));
  const totalWeight = triggerProfiles.reduce((sum, profile) => sum + profile.weight, 0);
  const lastProfile = profiles.at(-1);
  if (!lastProfile) throw new Error('Safety events need at least one trigger profile.');
  const pickTrigger = () => {
    let roll = random.next() * totalWeight;
    for (const profile of profiles) {
      roll -= profile.weight;
      if (roll < 0) return profile;
    }
    return lastProfile;
  };

  // Event notes draw from a stream of their own, so every other seeded value stays as it was.
  const eventNoteRandom = createRandom(3313);
  const events: { event: SafetyEventRecord; recordMs: number }[] = [];
  const count = EVENTS_PER_SCALE * scale;
  for (let index = 0; index < count; index++) {
    // next() < 1, so the skewed index stays inside the list.
    const source = riskOrder[Math.floor(riskOrder.length * random.next() ** 1.7)];
    if (!source) throw new RangeError('A risk index fell outside the event sources.');
    const profile = pickTrigger();
    const ageDays = random.chance(RECENT_SHARE)
      ? random.next() * RECENT_DAYS
      : RECENT_DAYS + random.next() * (HISTORY_DAYS - RECENT_DAYS);
    // Shift the time of day into local working hours (05:00–21:00), with some night driving.
    const dayStart = anchorMs - Math.ceil(ageDays) * DAY;
    const dayZone = zoneFor(source.depot, dayStart);
    const localHour = random.chance(0.12) ? random.int(21, 28) : random.int(5, 20);
    const recordMs = Math.min(
      dayStart +
        (localHour * 60 + random.int(0, 59)) * MINUTE -
        dayZone.offset * MINUTE +
        random.int(0, 59) * 1000,
      anchorMs - random.int(40, 600) * MINUTE,
    );
    const zone = zoneFor(source.depot, recordMs);
    const localHourOfRecord = Math.floor((recordMs + zone.offset * MINUTE) / HOUR) % 24;
    const night = localHourOfRecord < 6 || localHourOfRecord >= 20;

    const creationMs = recordMs + random.int(2, 25) * MINUTE;
    const status = pickStatus(random, (anchorMs - recordMs) / DAY);
    const reviewed = status >= EVENT_STATUS.reviewed;
    const coachingStarted = status >= EVENT_STATUS.coaching && status <= EVENT_STATUS.resolved;
    const coachedDone = status === EVENT_STATUS.coached || status === EVENT_STATUS.resolved;
    const reviewedMs = reviewed
      ? settle(random, anchorMs, creationMs, random.int(60, 3 * 24 * 60) * MINUTE)
      : null;
    const coachingDueMs = coachingStarted && reviewedMs !== null ? reviewedMs + 7 * DAY : null;
    const coachedMs =
      coachedDone && reviewedMs !== null
        ? settle(random, anchorMs, reviewedMs, random.int(60, 6 * 24 * 60) * MINUTE)
        : null;
    const resolvedMs =
      status === EVENT_STATUS.resolved && coachedMs !== null
        ? settle(random, anchorMs, coachedMs, random.int(30, 2 * 24 * 60) * MINUTE)
        : null;
    const coach = coachingStarted && source.coaches.length > 0 ? random.pick(source.coaches) : null;
    const driver =
      source.vehicle.driverId && random.chance(0.8)
        ? (usersById.get(source.vehicle.driverId) ?? null)
        : source.drivers.length > 0 && random.chance(0.92)
          ? random.pick(source.drivers)
          : null;

    const notes: NoteRecord[] = [];
    if (reviewedMs !== null && source.coaches.length > 0 && random.chance(0.35)) {
      notes.push(
        note(
          random,
          'review',
          random.pick(source.coaches),
          random.pick(reviewNoteBodies),
          reviewedMs,
        ),
      );
    }
    if (coachedMs !== null && coach && random.chance(0.6)) {
      notes.push(note(random, 'coaching', coach, random.pick(coachingNoteBodies), coachedMs));
    }
    if (source.coaches.length > 0 && eventNoteRandom.chance(EVENT_NOTE_SHARE)) {
      const noteMs = settle(
        eventNoteRandom,
        anchorMs,
        creationMs,
        eventNoteRandom.int(20, 2 * 24 * 60) * MINUTE,
      );
      notes.push(
        note(
          eventNoteRandom,
          'event',
          eventNoteRandom.pick(source.coaches),
          eventNoteRandom.pick(eventNoteBodies),
          noteMs,
        ),
      );
    }

    const dynamicRiskIds: number[] = night ? [NIGHT_RISK_ID] : [];
    if (random.chance(0.35)) {
      const risk = random.int(1, dynamicRiskNames.length);
      if (risk !== NIGHT_RISK_ID || !night) dynamicRiskIds.push(risk);
      dynamicRiskIds.sort((a, b) => a - b);
    }
    const behaviorIds =
      reviewed && status !== EVENT_STATUS.dismissed
        ? random.sample(profile.behaviorIds, random.int(1, Math.min(3, profile.behaviorIds.length)))
        : [];
    const thresholds = thresholdsFor(source.device.serialNumber);
    const corridors = corridorsFor(source.depot.groupName);
    let latitude = source.depot.latitude + (random.next() - 0.5) * 0.3;
    let longitude = source.depot.longitude + (random.next() - 0.5) * 0.4;
    let heading = random.int(0, 359);
    if (corridors.length > 0) {
      // Mostly within the first third of a corridor: near the depot, on a real highway.
      const corridor = random.pick(corridors);
      const at = corridor.at(random.next() ** 2 * corridor.lengthKm);
      latitude = at.latitude;
      longitude = at.longitude;
      heading = at.bearing + (random.chance(0.5) ? 180 : 0);
    }
    const score = Math.round(
      between(random, profile.score) + behaviorIds.length + dynamicRiskIds.length * 0.5,
    );
    const lastUpdatedMs = Math.max(creationMs, reviewedMs ?? 0, coachedMs ?? 0, resolvedMs ?? 0);
    const changes =
      (reviewedMs === null ? 0 : 1) +
      (coachingStarted ? 1 : 0) +
      (coachedMs === null ? 0 : 1) +
      (resolvedMs === null ? 0 : 1);
    const lastUpdatedDate = isoSeconds(lastUpdatedMs);
    const overDue =
      status === EVENT_STATUS.coaching && coachingDueMs !== null && coachingDueMs < anchorMs
        ? Math.floor((anchorMs - coachingDueMs) / DAY)
        : status === EVENT_STATUS.readyForReview && anchorMs - creationMs > 3 * DAY
          ? Math.floor((anchorMs - creationMs) / DAY) - 3
          : null;

    events.push({
      recordMs,
      event: {
        id: randomGuid(random),
        customerEventId: '',
        eventTriggerId: profile.triggerId,
        eventTriggerSubTypeId: random.pick(profile.subTypeIds),
        eventStatusId: status,
        recordDateUTC: isoSeconds(recordMs),
        recordDateTZ: zone.abbreviation,
        recordDateUTCOffset: zone.offset,
        lastUpdatedDate,
        downloadedDate:
          status === EVENT_STATUS.new && random.chance(0.5)
            ? null
            : isoSeconds(creationMs + random.int(1, 9) * MINUTE),
        reviewedDate: reviewedMs === null ? null : isoSeconds(reviewedMs),
        coachedDate: coachedMs === null ? null : isoSeconds(coachedMs),
        coachingOverdueDate: coachingDueMs === null ? null : isoSeconds(coachingDueMs),
        revisionDate: changes > 0 ? lastUpdatedDate : null,
        creationDate: isoSeconds(creationMs),
        score,
        erSerialNumber: source.device.serialNumber,
        deviceId: source.device.deviceId,
        groupId: source.vehicle.groupId,
        vehicleId: source.vehicle.id,
        driverId: driver?.userId ?? null,
        coachId: coach?.userId ?? null,
        overDue,
        forwardMax: round(between(random, profile.forward), 2),
        lateralMax: round(between(random, profile.lateral), 2),
        forwardThreshold: thresholds.forward,
        lateralThreshold: thresholds.lateral,
        shockThreshold: thresholds.shock,
        speed: round(between(random, profile.speed), 1),
        latitude: round(latitude, 5),
        longitude: round(longitude, 5),
        heading: Math.round(heading) % 360,
        notes,
        behaviorIds,
        dynamicRiskIds,
        objectRevision: 1 + changes + notes.length,
        isCoachable: coachingStarted || (status === EVENT_STATUS.reviewed && random.chance(0.5)),
        clip: random.chance(NO_FILE_SHARE) ? null : profile.clip,
      },
    });
  }

  // Customer event numbers run in record order, restarting each calendar year.
  // The sort is stable, so events recorded in the same second keep their seeded order.
  events.sort((a, b) => a.recordMs - b.recordMs);
  const sorted: SafetyEventRecord[] = [];
  let year = '';
  let sequence = 0;
  for (const { event } of events) {
    const eventYear = event.recordDateUTC.slice(0, 4);
    sequence = eventYear === year ? sequence + 1 : 1;
    year = eventYear;
    event.customerEventId = `EVT-${year}-${String(sequence).padStart(6, '0')}`;
    sorted.push(event);
  }
  db.safetyEvents = sorted;
}
