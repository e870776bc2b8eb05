import { demoAccounts } from '@/config/demo-accounts';
import { proposeUsername } from '@/lib/username';
import type {
  AuditAction,
  GroupRecord,
  GroupRoleRecord,
  MockDb,
  RoleRecord,
  UserRecord,
} from '../db';
import { auditLogRecord, indexGroups } from '../group-tree';
import { allDepots, depotTeams, regions, rootGroupName, type Depot } from './company';
import type { Random } from './random';
import { roundRobin } from './round-robin';
import type { SeedContext } from './index';

export const ROLE_IDS = {
  administrator: 1,
  safetyManager: 2,
  coach: 3,
  videoReviewer: 4,
  // Must equal GROUP_MANAGER_ROLE_ID in http.ts (importing it here would close an import cycle).
  groupManager: 5,
  driver: 6,
  dispatcher: 7,
  readOnly: 8,
  videoReviewerPlus: 9,
} as const;

const roles: RoleRecord[] = [
  {
    id: ROLE_IDS.administrator,
    name: 'Administrator',
    description: 'Full access to company settings, users, vehicles and devices.',
  },
  {
    id: ROLE_IDS.safetyManager,
    name: 'Safety Manager',
    description:
      'Oversees the safety programme: reviews events, assigns coaching and tracks trends.',
  },
  {
    id: ROLE_IDS.coach,
    name: 'Coach',
    description: 'Reviews assigned events with drivers and records coaching sessions.',
  },
  {
    id: ROLE_IDS.videoReviewer,
    name: 'Video Reviewer',
    description: 'Watches and tags event videos; cannot coach or change settings.',
  },
  {
    id: ROLE_IDS.groupManager,
    name: 'Group Manager',
    description: 'Creates, moves, imports and deletes groups in the organisation hierarchy.',
  },
  {
    id: ROLE_IDS.driver,
    name: 'Driver',
    description: 'Drives company vehicles; sees own events and coaching history.',
  },
  {
    id: ROLE_IDS.dispatcher,
    name: 'Dispatcher',
    description: 'Plans driver-to-vehicle schedules and follows vehicle locations.',
  },
  {
    id: ROLE_IDS.readOnly,
    name: 'Read Only',
    description: 'Views dashboards and reports without making changes.',
  },
  {
    id: ROLE_IDS.videoReviewerPlus,
    name: 'Video Reviewer Plus',
    description: 'Video Reviewer who may also search and download saved videos.',
  },
];

/** Extra layers that only exist at larger scales, so the tree reaches ~500 (10x) and ~5,000 (100x) groups. */
const zoneNames = [
  'North Zone',
  'South Zone',
  'East Zone',
  'West Zone',
  'Central Zone',
  'Harbor Zone',
  'Airport Zone',
  'Downtown Zone',
  'Industrial Park Zone',
  'Riverside Zone',
  'Uptown Zone',
  'Valley Zone',
] as const;
const zonesPerTeam: Record<number, number> = { 1: 0, 10: 4, 100: 12 };
const routesPerZone: Record<number, number> = { 1: 0, 10: 4, 100: 14 };

const firstNames = (
  'James Olivia Michael Emma Robert Ava David Sophia Carlos Isabella Daniel Mia Jose ' +
  'Charlotte Kevin Amelia Brian Harper Anthony Evelyn Marcus Abigail Luis Emily Tyler Elena ' +
  'Andre Grace Trevor Chloe Hector Natalie Jamal Hannah Victor Lily Raymond Zoe Wei Aaliyah ' +
  'Samuel Priya Dmitri Fatima Kenji Rosa Patrick Megan Tomas Keisha Gregory Leah Derek Nadia ' +
  'Scott Yuki Curtis Gabriela Wade Tanya'
).split(' ');
const lastNames = (
  'Smith Johnson Williams Brown Garcia Miller Davis Rodriguez Martinez Hernandez Wilson ' +
  'Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
  'Ramirez Lewis Robinson Walker Young Allen Nguyen Hill Flores Green Adams Nelson Baker Hall ' +
  'Rivera Campbell Mitchell Carter Roberts Chen Kim Patel Singh Novak Kowalski Petrov Olsen ' +
  'Lindqvist Yamamoto Tran Castillo Reyes Brooks Sullivan Murphy Foster Bennett Hughes Price ' +
  'Coleman Jenkins Russell Fisher Gonzales Ortiz Kaur'
).split(' ');

/** Telephone area codes of the depot cities, so drivers' phones look local. */
const areaCodes: Record<string, string> = {
  Portland: '503',
  Seattle: '206',
  Tacoma: '253',
  Spokane: '509',
  Boise: '208',
  'Salt Lake City': '801',
  Sacramento: '916',
  Oakland: '510',
  Fresno: '559',
};

const EMAIL_DOMAIN = 'cascadefreight.com';
export const SSO_ONLY_USERNAME = 'sso.user';

const DAY_MS = 86_400_000;

interface SeededTree {
  root: GroupRecord;
  regionGroups: GroupRecord[];
  depotGroups: { group: GroupRecord; depot: Depot; region: GroupRecord }[];
  /** Groups drivers call home: teams, shifts and (at larger scales) routes, with their depot. */
  driverHomes: { group: GroupRecord; depot: Depot }[];
}

export function seedOrganisation({ db, scale, anchor }: SeedContext, random: Random): void {
  db.roles = roles.map((role) => ({ ...role }));
  const tree = seedGroups(db, scale, anchor, random);
  seedUsers(db, scale, anchor, random, tree);
  seedAuditLogs(db, scale, anchor, random, tree);
}

function seedGroups(db: MockDb, scale: number, anchor: Date, random: Random): SeededTree {
  const dateBefore = (minDays: number, maxDays: number) =>
    new Date(
      anchor.getTime() - random.int(minDays, maxDays) * DAY_MS - random.int(0, 86_399) * 1000,
    ).toISOString();
  const addGroup = (
    name: string,
    parent: GroupRecord | null,
    description: string,
    createdDate: string,
  ) => {
    const id = random.uuid();
    const group: GroupRecord = {
      id,
      name,
      description,
      parentId: parent?.id ?? id,
      rootGroupId: parent?.rootGroupId ?? id,
      revision: random.int(0, 2),
      createdDate,
      updatedDate: createdDate,
      mandatory: parent === null,
    };
    db.groups.push(group);
    return group;
  };

  const root = addGroup(rootGroupName, null, 'Company root group', dateBefore(1800, 1800));
  root.revision = 0;
  const regionGroups: GroupRecord[] = [];
  const depotGroups: SeededTree['depotGroups'] = [];
  const driverHomes: SeededTree['driverHomes'] = [];
  for (const region of regions) {
    const regionGroup = addGroup(
      region.groupName,
      root,
      `${region.groupName} operations`,
      dateBefore(1500, 1700),
    );
    regionGroups.push(regionGroup);
    for (const depot of region.depots) {
      const depotGroup = addGroup(
        depot.groupName,
        regionGroup,
        `Depot in ${depot.city}, ${depot.subdivisionCode.slice(3)}`,
        dateBefore(700, 1400),
      );
      depotGroups.push({ group: depotGroup, depot, region: regionGroup });
      for (const team of depotTeams) {
        const teamGroup = addGroup(
          team,
          depotGroup,
          `${team} drivers based in ${depot.city}`,
          dateBefore(300, 690),
        );
        driverHomes.push({ group: teamGroup, depot });
        if (team === 'Local Delivery') {
          for (const shift of ['Day Shift', 'Night Shift']) {
            const shiftGroup = addGroup(
              shift,
              teamGroup,
              `${depot.city} local delivery, ${shift.toLowerCase()}`,
              dateBefore(60, 290),
            );
            driverHomes.push({ group: shiftGroup, depot });
          }
        }
        for (const zone of zoneNames.slice(0, zonesPerTeam[scale] ?? 0)) {
          const zoneGroup = addGroup(
            zone,
            teamGroup,
            `${depot.city} ${team.toLowerCase()} ${zone.toLowerCase()}`,
            dateBefore(60, 290),
          );
          for (let route = 1; route <= (routesPerZone[scale] ?? 0); route++) {
            const routeName = `Route ${depot.city.slice(0, 3).toUpperCase()}-${zoneGroup.name.charAt(0)}${100 + route}`;
            const routeGroup = addGroup(
              routeName,
              zoneGroup,
              `${zone} route ${route}`,
              dateBefore(30, 250),
            );
            driverHomes.push({ group: routeGroup, depot });
          }
        }
      }
    }
  }
  return { root, regionGroups, depotGroups, driverHomes };
}

interface PersonSpec {
  firstName: string;
  lastName: string;
  username?: string;
  groupRoles: GroupRoleRecord[];
  primaryGroupId: string;
  depot: Depot | null;
  isDriver: boolean;
}

function seedUsers(
  db: MockDb,
  scale: number,
  anchor: Date,
  random: Random,
  tree: SeededTree,
): void {
  const usedUsernames = new Set<string>();
  const uniqueUsername = (first: string, last: string) =>
    proposeUsername(first, last, (candidate) => usedUsernames.has(candidate));
  const depotOf = (groupId: string) =>
    tree.depotGroups.find((entry) => entry.group.id === groupId)?.depot ?? null;
  const [portland] = tree.depotGroups;
  if (!portland) throw new Error('The seeded group tree has no depots.');

  const people: PersonSpec[] = [
    {
      firstName: 'Maria',
      lastName: 'Lopez',
      username: demoAccounts[0].username,
      groupRoles: [
        { groupId: tree.root.id, roleId: ROLE_IDS.administrator },
        { groupId: tree.root.id, roleId: ROLE_IDS.groupManager },
      ],
      primaryGroupId: tree.root.id,
      depot: portland.depot,
      isDriver: false,
    },
    {
      firstName: 'Dan',
      lastName: 'Okafor',
      username: demoAccounts[1].username,
      groupRoles: [{ groupId: portland.group.id, roleId: ROLE_IDS.dispatcher }],
      primaryGroupId: portland.group.id,
      depot: portland.depot,
      isDriver: false,
    },
    {
      firstName: 'Priya',
      lastName: 'Natarajan',
      username: SSO_ONLY_USERNAME,
      groupRoles: [{ groupId: tree.root.id, roleId: ROLE_IDS.readOnly }],
      primaryGroupId: tree.root.id,
      depot: null,
      isDriver: false,
    },
  ];

  // Office staff rotate through these positions; everyone else drives.
  const staffPositions: ((first: string, last: string) => PersonSpec)[] = [
    (firstName, lastName) => {
      const region = random.pick(tree.regionGroups);
      return {
        firstName,
        lastName,
        groupRoles: [
          { groupId: region.id, roleId: ROLE_IDS.safetyManager },
          { groupId: region.id, roleId: ROLE_IDS.coach },
        ],
        primaryGroupId: region.id,
        depot: null,
        isDriver: false,
      };
    },
    (firstName, lastName) => {
      const depot = random.pick(tree.depotGroups);
      return {
        firstName,
        lastName,
        groupRoles: [{ groupId: depot.group.id, roleId: ROLE_IDS.coach }],
        primaryGroupId: depot.group.id,
        depot: depot.depot,
        isDriver: false,
      };
    },
    (firstName, lastName) => {
      const depot = random.pick(tree.depotGroups);
      return {
        firstName,
        lastName,
        groupRoles: [{ groupId: depot.group.id, roleId: ROLE_IDS.dispatcher }],
        primaryGroupId: depot.group.id,
        depot: depot.depot,
        isDriver: false,
      };
    },
    (firstName, lastName) => {
      const region = random.pick(tree.regionGroups);
      return {
        firstName,
        lastName,
        groupRoles: [{ groupId: region.id, roleId: ROLE_IDS.videoReviewerPlus }],
        primaryGroupId: region.id,
        depot: null,
        isDriver: false,
      };
    },
    (firstName, lastName) => {
      const depot = random.pick(tree.depotGroups);
      return {
        firstName,
        lastName,
        groupRoles: [
          { groupId: depot.group.id, roleId: ROLE_IDS.coach },
          { groupId: depot.group.id, roleId: ROLE_IDS.videoReviewer },
        ],
        primaryGroupId: depot.group.id,
        depot: depot.depot,
        isDriver: false,
      };
    },
    (firstName, lastName) => ({
      firstName,
      lastName,
      groupRoles: [
        { groupId: tree.root.id, roleId: ROLE_IDS.administrator },
        { groupId: tree.root.id, roleId: ROLE_IDS.groupManager },
      ],
      primaryGroupId: tree.root.id,
      depot: null,
      isDriver: false,
    }),
    (firstName, lastName) => ({
      firstName,
      lastName,
      groupRoles: [{ groupId: tree.root.id, roleId: ROLE_IDS.readOnly }],
      primaryGroupId: tree.root.id,
      depot: null,
      isDriver: false,
    }),
  ];

  const total = 50 * scale;
  const staffCount = 10 * scale;
  const demoNames = new Set(people.map((person) => `${person.firstName} ${person.lastName}`));
  const randomName = () => {
    let first: string;
    let last: string;
    do {
      first = random.pick(firstNames);
      last = random.pick(lastNames);
    } while (demoNames.has(`${first} ${last}`));
    return [first, last] as const;
  };
  for (let index = people.length; index < total; index++) {
    const [first, last] = randomName();
    if (index < staffCount) {
      people.push(roundRobin(staffPositions, index)(first, last));
    } else {
      const home = random.pick(tree.driverHomes);
      people.push({
        firstName: first,
        lastName: last,
        groupRoles: [{ groupId: home.group.id, roleId: ROLE_IDS.driver }],
        primaryGroupId: home.group.id,
        depot: home.depot,
        isDriver: true,
      });
    }
  }

  people.forEach((person, index) => {
    const username = person.username ?? uniqueUsername(person.firstName, person.lastName);
    usedUsernames.add(username);
    const isDemo = index < 3;
    // Group Managers stay active: they are the actors of the recent audit history.
    const active =
      isDemo ||
      person.groupRoles.some((role) => role.roleId === ROLE_IDS.groupManager) ||
      random.chance(0.92);
    const loginEnabled = active && (!person.isDriver || random.chance(0.3));
    const created = anchor.getTime() - random.int(30, 1500) * DAY_MS - random.int(0, 86_399) * 1000;
    const updated = created + random.int(0, Math.floor((anchor.getTime() - created) / 1000)) * 1000;
    const depot = person.depot ?? depotOf(person.primaryGroupId) ?? random.pick(allDepots);
    const hasPhone = person.isDriver ? random.chance(0.7) : random.chance(0.5);
    const canReviewVideo = person.groupRoles.some(
      (role) => role.roleId === ROLE_IDS.videoReviewerPlus,
    );
    const user: UserRecord = {
      userId: random.uuid(),
      username,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.isDriver && random.chance(0.3) ? null : `${username}@${EMAIL_DOMAIN}`,
      employeeId: `CF${1001 + index}`,
      status: active ? 'Active' : 'Inactive',
      loginEnabled,
      allowSafetyEventDownload: person.isDriver
        ? false
        : !person.groupRoles.some((role) => role.roleId === ROLE_IDS.readOnly),
      allowVideoSearchDownload: canReviewVideo && random.chance(0.7),
      cellPhoneCountry: hasPhone ? 'US' : null,
      cellPhoneNumber: hasPhone
        ? `+1${areaCodes[depot.city] ?? '503'}555${String(random.int(0, 9999)).padStart(4, '0')}`
        : null,
      primaryGroupId: person.primaryGroupId,
      groupRoles: person.groupRoles,
      createdDate: new Date(created).toISOString(),
      updatedDate: new Date(updated).toISOString(),
      lastLoginDate: loginEnabled
        ? new Date(
            anchor.getTime() - random.int(1, 30) * DAY_MS + random.int(21_600, 64_800) * 1000,
          ).toISOString()
        : null,
      isDriver: person.isDriver,
    };
    db.users.push(user);
  });

  for (const { username, password } of demoAccounts) {
    const user = db.users.find((candidate) => candidate.username === username);
    if (!user) throw new Error(`The demo account ${username} has no seeded user.`);
    db.accounts.push({ userId: user.userId, username, password });
  }
  const ssoUser = db.users.find((candidate) => candidate.username === SSO_ONLY_USERNAME);
  if (!ssoUser)
    throw new Error(`The single sign-on account ${SSO_ONLY_USERNAME} has no seeded user.`);
  db.accounts.push({
    userId: ssoUser.userId,
    username: SSO_ONLY_USERNAME,
    password: 'Sso-Only-Account-1',
    ssoOnly: true,
  });
}

/** Three weeks of group changes by the company's Group Managers, oldest first. */
function seedAuditLogs(
  db: MockDb,
  scale: number,
  anchor: Date,
  random: Random,
  tree: SeededTree,
): void {
  const actors = db.users.filter((user) =>
    user.groupRoles.some((role) => role.roleId === ROLE_IDS.groupManager),
  );
  const parents = new Set(db.groups.map((group) => group.parentId));
  const candidates = db.groups.filter((group) => group !== tree.root);
  // Office hours, Pacific time (16:00–24:00 UTC), on one of the last 21 days (never today, so never in the future).
  const pastOfficeTime = (minDays: number, maxDays: number) =>
    anchor.getTime() -
    random.int(minDays, maxDays) * DAY_MS +
    random.int(16 * 3600, 24 * 3600 - 1) * 1000;
  const events = Array.from({ length: 30 + 10 * scale }, () => {
    const group = random.pick(candidates);
    // Only a leaf can have been created recently: its children would otherwise predate it.
    const actions: readonly AuditAction[] = parents.has(group.id)
      ? ['UPDATE', 'UPDATE', 'MOVE']
      : ['CREATE', 'UPDATE', 'MOVE'];
    return {
      action: random.pick(actions),
      group,
      at: pastOfficeTime(1, 21),
      actor: random.pick(actors),
    };
  }).sort((a, b) => a.at - b.at);

  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.group.id)) {
      if (event.action === 'CREATE') event.action = 'UPDATE';
      continue;
    }
    seen.add(event.group.id);
    if (event.action === 'CREATE') {
      event.group.revision = 0;
      event.group.createdDate = new Date(event.at).toISOString();
    }
  }

  // A short-lived group that was created and deleted again, so the log shows a DELETE.
  const [firstDepot] = tree.depotGroups;
  if (!firstDepot) throw new Error('The seeded group tree has no depots.');
  const depot = firstDepot.group;
  const createdAt = pastOfficeTime(15, 18);
  const temporary: GroupRecord = {
    id: random.uuid(),
    name: 'Holiday Peak Cover',
    description: 'Temporary drivers for the holiday peak',
    parentId: depot.id,
    rootGroupId: depot.rootGroupId,
    revision: 0,
    createdDate: new Date(createdAt).toISOString(),
    updatedDate: new Date(createdAt).toISOString(),
    mandatory: false,
  };
  const [maria] = actors;
  if (!maria) throw new Error('The audit history has no Group Manager to act.');
  events.push({ action: 'CREATE', group: temporary, at: createdAt, actor: maria });
  events.push({ action: 'DELETE', group: temporary, at: pastOfficeTime(2, 5), actor: maria });
  events.sort((a, b) => a.at - b.at);

  // Groups are final by now, so one index serves every snapshot.
  const index = indexGroups([...db.groups, temporary]);
  for (const event of events) {
    const at = new Date(event.at).toISOString();
    if (event.action === 'UPDATE' || event.action === 'MOVE') event.group.revision += 1;
    event.group.updatedDate = at;
    db.auditLogs.push(
      auditLogRecord(index, {
        logId: random.uuid(),
        action: event.action,
        group: event.group,
        actorUserId: event.actor.userId,
        at,
      }),
    );
  }
}
