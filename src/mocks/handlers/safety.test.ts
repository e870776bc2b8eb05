// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDb } from '../db';
import { seedFleet } from '../seed/fleet';
import { seedDb } from '../seed/index';
import { seedOrganisation } from '../seed/organisation';
import { createRandom } from '../seed/random';
import { seedSafety } from '../seed/safety';
import { getDb } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';

const SAFETY = `${TEST_API_BASE}/v0/video/safety`;

interface Lookup {
  id: number;
  name: string;
  creationDate: string;
}

interface Note {
  id: string;
  body: string;
  creationDate: string;
  authorUserId: string;
  firstName: string;
  lastName: string;
}

interface SafetyEvent {
  id: string;
  customerEventId: string;
  eventTriggerId: number;
  eventTriggerSubTypeId: number;
  eventStatusId: number;
  recordDateUTC: string;
  recordDateTZ: string;
  recordDateUTCOffset: number;
  revisionDate: string | null;
  reviewedDate: string | null;
  coachedDate: string | null;
  creationDate: string;
  groupId: string;
  vehicleId: string | null;
  driverId: string | null;
  coachId: string | null;
  erSerialNumber: string;
  speed: number | null;
  behaviors: Lookup[];
  dynamicRisks: Lookup[];
  driverFirstName: string | null;
  driverEmployeeNum: string | null;
  coachFirstName: string | null;
  notes: Note[];
  reviewNotes: Note[];
  coachingSessionNotes: Note[];
  eventNotes: Note[];
}

/** A from/to pair around every seeded event (all are within 60 days before today's midnight). */
function wholeWindow(): { from: string; to: string } {
  const now = Date.now();
  const format = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  return { from: format(now - 70 * 86_400_000), to: format(now + 86_400_000) };
}

let token: string;
const get = (path: string, init: RequestInit = {}) =>
  fetch(`${SAFETY}${path}`, { ...init, headers: { ...authHeaders(token), ...init.headers } });

function metadataQuery(extra: Record<string, string | string[]> = {}): string {
  const params = new URLSearchParams(wholeWindow());
  for (const [name, value] of Object.entries(extra)) {
    params.delete(name);
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return `/eventsWithMetadata?${params.toString()}`;
}

/** Every page of a metadata query. */
async function allEvents(extra: Record<string, string | string[]> = {}): Promise<SafetyEvent[]> {
  const events: SafetyEvent[] = [];
  for (let page = 1; ; page++) {
    const response = await get(metadataQuery({ ...extra, page: String(page) }));
    if (response.status === 204) return events;
    expect(response.status).toBe(200);
    const batch = (await response.json()) as SafetyEvent[];
    events.push(...batch);
    if (batch.length < 1000) return events;
  }
}

beforeEach(async () => {
  token = await signInForTest();
});

describe('safety events: auth and lookups', () => {
  it('answers 401 with no body without a bearer token', async () => {
    for (const path of ['/events/triggers', metadataQuery(), '/events']) {
      const response = await fetch(`${SAFETY}${path}`);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('');
    }
  });

  it('lists each lookup as a bare array of {id, name, creationDate}', async () => {
    const expected: Record<string, string> = {
      triggers: 'Following Distance',
      triggersubtypes: 'Hard Brake',
      statuses: 'Ready for Review',
      behaviors: 'Cell Phone Use',
      dynamicRisks: 'School Zone',
    };
    for (const [path, name] of Object.entries(expected)) {
      const response = await get(`/events/${path}`);
      expect(response.status).toBe(200);
      const list = (await response.json()) as Lookup[];
      expect(list.map((lookup) => lookup.name)).toContain(name);
      expect(Object.keys(list[0]!).sort()).toEqual(['creationDate', 'id', 'name']);
    }
    expect(((await (await get('/events/triggers')).json()) as Lookup[]).length).toBe(12);
  });

  it('answers 204 for an empty lookup', async () => {
    getDb().dynamicRisks = [];
    const response = await get('/events/dynamicRisks');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});

describe('GET /eventsWithMetadata', () => {
  it('requires from and to, naming the missing parameter', async () => {
    const missingFrom = await get(`/eventsWithMetadata?to=${wholeWindow().to}`);
    expect(missingFrom.status).toBe(400);
    expect(((await missingFrom.json()) as { message: string }).message).toMatch(/\bfrom\b/);
    const missingTo = await get(`/eventsWithMetadata?from=${wholeWindow().from}`);
    expect(missingTo.status).toBe(400);
    expect(((await missingTo.json()) as { message: string }).message).toMatch(/\bto\b/);
  });

  it('accepts YYYY-MM-DDTHH:MM:SS with an optional Z and rejects other formats', async () => {
    const { from, to } = wholeWindow();
    expect((await get(`/eventsWithMetadata?from=${from}Z&to=${to}Z&limit=1`)).status).toBe(200);
    for (const bad of [from.slice(0, 10), `${from}.000Z`, `${from}+01:00`, '2026-02-30T10:00:00']) {
      const response = await get(`/eventsWithMetadata?from=${encodeURIComponent(bad)}&to=${to}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string; message: string }).message).toMatch(
        /from/,
      );
    }
    const reversed = await get(`/eventsWithMetadata?from=${to}&to=${from}`);
    expect(reversed.status).toBe(400);
  });

  it('returns contract-shaped events: lookups expanded, names from users, no internal fields', async () => {
    const [event] = (await (await get(metadataQuery({ limit: '1' }))).json()) as (SafetyEvent &
      Record<string, unknown>)[];
    expect(event).toBeDefined();
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event!.customerEventId).toMatch(/^EVT-\d{4}-\d{6}$/);
    expect(['PST', 'PDT', 'MST', 'MDT']).toContain(event!.recordDateTZ);
    expect([-480, -420, -360]).toContain(event!.recordDateUTCOffset);
    expect(event).not.toHaveProperty('clip');
    expect(event).not.toHaveProperty('behaviorIds');
    expect(event).not.toHaveProperty('deviceId');
    const record = getDb().safetyEvents.find((candidate) => candidate.id === event!.id)!;
    expect(event!.behaviors.map((behavior) => behavior.id)).toEqual(record.behaviorIds);
    expect(event!.dynamicRisks.map((risk) => risk.id)).toEqual(record.dynamicRiskIds);
    const driver = getDb().users.find((user) => user.userId === record.driverId);
    expect(event!.driverFirstName).toBe(driver?.firstName ?? null);
  });

  it('files each note under its kind, with its author, and once more under notes', async () => {
    const record = getDb().safetyEvents.find((event) =>
      ['review', 'coaching', 'event'].every((kind) =>
        event.notes.some((note) => note.kind === kind),
      ),
    )!;
    expect(record).toBeDefined();
    const event = (await (await get(`/events/${record.id}`)).json()) as SafetyEvent;
    const ids = (notes: Note[]) => notes.map((note) => note.id);
    const ofKind = (kind: string) =>
      record.notes.filter((note) => note.kind === kind).map((note) => note.id);
    expect(ids(event.reviewNotes)).toEqual(ofKind('review'));
    expect(ids(event.coachingSessionNotes)).toEqual(ofKind('coaching'));
    expect(ids(event.eventNotes)).toEqual(ofKind('event'));
    expect(ids(event.notes)).toEqual(record.notes.map((note) => note.id));
    for (const note of event.notes) {
      expect(note).not.toHaveProperty('kind');
      expect(note.firstName).not.toBe('');
    }
    // The coaching notes are the coach's own.
    expect(event.coachingSessionNotes.every((note) => note.authorUserId === event.coachId)).toBe(
      true,
    );
  });

  it('filters by triggers and statuses as repeated or comma-separated parameters', async () => {
    const repeated = await allEvents({ triggers: ['1', '5'], statuses: ['1', '2'] });
    const comma = await allEvents({ triggers: '1,5', statuses: '1,2' });
    expect(repeated.length).toBeGreaterThan(0);
    expect(comma.map((event) => event.id)).toEqual(repeated.map((event) => event.id));
    expect(repeated.every((event) => [1, 5].includes(event.eventTriggerId))).toBe(true);
    expect(repeated.every((event) => [1, 2].includes(event.eventStatusId))).toBe(true);
    const expected = getDb().safetyEvents.filter(
      (event) => [1, 5].includes(event.eventTriggerId) && [1, 2].includes(event.eventStatusId),
    );
    expect(repeated.length).toBe(expected.length);
    expect((await get(metadataQuery({ triggers: 'x' }))).status).toBe(400);
  });

  it('filters by behaviors (any of the listed)', async () => {
    const events = await allEvents({ behaviors: ['2', '3'] });
    expect(events.length).toBeGreaterThan(0);
    expect(
      events.every((event) => event.behaviors.some((behavior) => [2, 3].includes(behavior.id))),
    ).toBe(true);
  });

  it('filters by group with and without subgroups, and an unknown group gives 204', async () => {
    const db = getDb();
    const root = db.groups.find((group) => group.id === group.parentId)!;
    const all = await allEvents();
    expect((await allEvents({ groupId: root.id.toUpperCase() })).length).toBe(all.length);
    expect((await get(metadataQuery({ groupId: root.id, includeSubgroups: 'false' }))).status).toBe(
      204,
    );
    const vehicleGroup = all[0]!.groupId;
    const own = await allEvents({ groupId: vehicleGroup, includeSubgroups: 'false' });
    expect(own.every((event) => event.groupId === vehicleGroup)).toBe(true);
    expect(own.length).toBe(
      db.safetyEvents.filter((event) => event.groupId === vehicleGroup).length,
    );
    expect(
      (await get(metadataQuery({ groupId: '00000000-0000-4000-8000-000000000000' }))).status,
    ).toBe(204);
    expect((await get(metadataQuery({ groupId: 'not-a-guid' }))).status).toBe(400);
    expect((await get(metadataQuery({ includeSubgroups: 'maybe' }))).status).toBe(400);
  });

  it('filters by driver, vehicle and device (by id or serial number)', async () => {
    const sample = getDb().safetyEvents.find((event) => event.driverId)!;
    const byDriver = await allEvents({ driverId: sample.driverId!.toUpperCase() });
    expect(byDriver.length).toBeGreaterThan(0);
    expect(byDriver.every((event) => event.driverId === sample.driverId)).toBe(true);
    const byVehicle = await allEvents({ vehicleId: sample.vehicleId! });
    expect(byVehicle.every((event) => event.vehicleId === sample.vehicleId)).toBe(true);
    const bySerial = await allEvents({ deviceId: sample.erSerialNumber });
    const byDeviceId = await allEvents({ deviceId: sample.deviceId });
    expect(bySerial.length).toBeGreaterThan(0);
    expect(bySerial.every((event) => event.erSerialNumber === sample.erSerialNumber)).toBe(true);
    expect(byDeviceId.map((event) => event.id)).toEqual(bySerial.map((event) => event.id));
    expect((await get(metadataQuery({ vehicleId: 'abc' }))).status).toBe(400);
  });

  it('applies the window to the date chosen by dateOption', async () => {
    const db = getDb();
    const pivot = [...db.safetyEvents].sort((a, b) =>
      a.recordDateUTC.localeCompare(b.recordDateUTC),
    )[Math.floor(db.safetyEvents.length / 2)]!;
    const to = pivot.recordDateUTC.slice(0, 19);
    const byRecord = await allEvents({ dateOption: 'recordDate', from: wholeWindow().from, to });
    const expected = db.safetyEvents.filter((event) => event.recordDateUTC <= pivot.recordDateUTC);
    expect(byRecord.length).toBe(expected.length);
    expect(byRecord.every((event) => event.recordDateUTC <= pivot.recordDateUTC)).toBe(true);
    const byUpdate = await allEvents({ from: wholeWindow().from, to });
    expect(byUpdate.length).toBe(
      db.safetyEvents.filter((event) => event.lastUpdatedDate <= pivot.recordDateUTC).length,
    );
    expect(byUpdate.length).not.toBe(byRecord.length);
    expect((await get(metadataQuery({ dateOption: 'creationDate' }))).status).toBe(400);
  });

  it('sorts by lastUpdatedDate desc by default and by recordDate in either direction', async () => {
    const db = getDb();
    const byDefault = await allEvents();
    const updated = byDefault.map(
      (event) => db.safetyEvents.find((record) => record.id === event.id)!.lastUpdatedDate,
    );
    expect(updated).toEqual([...updated].sort().reverse());
    const ascending = (await allEvents({ sortBy: 'recordDate', sortDirection: 'asc' })).map(
      (event) => event.recordDateUTC,
    );
    expect(ascending).toEqual([...ascending].sort());
    const descending = (await allEvents({ sortBy: 'recordDate', sortDirection: 'desc' })).map(
      (event) => event.recordDateUTC,
    );
    expect(descending).toEqual([...ascending].reverse());
    expect((await get(metadataQuery({ sortBy: 'score' }))).status).toBe(400);
    expect((await get(metadataQuery({ sortDirection: 'up' }))).status).toBe(400);
  });

  it('pages by limit and page, and answers 204 past the end', async () => {
    const first = (await (
      await get(metadataQuery({ limit: '50', page: '1' }))
    ).json()) as SafetyEvent[];
    const second = (await (
      await get(metadataQuery({ limit: '50', page: '2' }))
    ).json()) as SafetyEvent[];
    const both = (await (
      await get(metadataQuery({ limit: '100', page: '1' }))
    ).json()) as SafetyEvent[];
    expect(first).toHaveLength(50);
    expect([...first, ...second].map((event) => event.id)).toEqual(both.map((event) => event.id));
    const total = getDb().safetyEvents.length;
    expect((await allEvents()).length).toBe(total);
    const beyond = await get(
      metadataQuery({ limit: '1000', page: String(Math.ceil(total / 1000) + 1) }),
    );
    expect(beyond.status).toBe(204);
    expect(await beyond.text()).toBe('');
    for (const limit of ['0', '1001', 'ten']) {
      expect((await get(metadataQuery({ limit }))).status).toBe(400);
    }
    expect((await get(metadataQuery({ page: '0' }))).status).toBe(400);
  });
});

describe('GET /events (IDs)', () => {
  it('gives {totalCount, eventsIds} whose total equals the metadata count for the same filter', async () => {
    const { from, to } = wholeWindow();
    const response = await get(
      `/events?from=${from}&to=${to}&triggers=2&statuses=3&statuses=4&limit=5`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { totalCount: number; eventsIds: string[] };
    expect(Object.keys(body).sort()).toEqual(['eventsIds', 'totalCount']);
    const metadata = await allEvents({ triggers: '2', statuses: ['3', '4'] });
    expect(body.totalCount).toBe(metadata.length);
    expect(body.eventsIds).toEqual(metadata.slice(0, 5).map((event) => event.id));
  });

  it('returns the latest events without from/to, and filters by trigger subtype', async () => {
    const db = getDb();
    const body = (await (await get('/events?limit=3')).json()) as {
      totalCount: number;
      eventsIds: string[];
    };
    expect(body.totalCount).toBe(db.safetyEvents.length);
    const latest = [...db.safetyEvents].sort(
      (a, b) => b.lastUpdatedDate.localeCompare(a.lastUpdatedDate) || a.id.localeCompare(b.id),
    );
    expect(body.eventsIds).toEqual(latest.slice(0, 3).map((event) => event.id));
    const subtype = db.safetyEvents[0]!.eventTriggerSubTypeId;
    const bySubtype = (await (await get(`/events?triggerSubTypes=${subtype}`)).json()) as {
      totalCount: number;
    };
    expect(bySubtype.totalCount).toBe(
      db.safetyEvents.filter((event) => event.eventTriggerSubTypeId === subtype).length,
    );
    expect((await get('/events?statuses=999')).status).toBe(204);
    expect((await get('/events?from=yesterday')).status).toBe(400);
  });
});

describe('GET /events/:id', () => {
  it('finds an event by GUID in any case and by customer event ID', async () => {
    const record = getDb().safetyEvents.find((event) => event.coachId && event.driverId)!;
    const byGuid = await get(`/events/${record.id.toUpperCase()}`);
    expect(byGuid.status).toBe(200);
    const event = (await byGuid.json()) as SafetyEvent;
    expect(event.id).toBe(record.id);
    const coach = getDb().users.find((user) => user.userId === record.coachId)!;
    expect(event.coachFirstName).toBe(coach.firstName);
    const driver = getDb().users.find((user) => user.userId === record.driverId)!;
    expect(event.driverEmployeeNum).toBe(driver.employeeId);
    const byCustomerId = (await (
      await get(`/events/${record.customerEventId}`)
    ).json()) as SafetyEvent;
    expect(byCustomerId.id).toBe(record.id);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await get('/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/events/EVT-1999-000001')).status).toBe(404);
  });
});

describe('GET /events/:eventId/file', () => {
  const withClip = () => getDb().safetyEvents.find((event) => event.clip)!;

  it('streams the mp4 with its length and range support', async () => {
    const response = await get(`/events/${withClip().id}/file?format=mp4`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('video/mp4');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length);
    expect(bytes.length).toBeGreaterThan(30_000);
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
  });

  it('answers a Range request with 206 and Content-Range', async () => {
    const whole = new Uint8Array(
      await (await get(`/events/${withClip().id}/file?format=mp4`)).arrayBuffer(),
    );
    const response = await get(`/events/${withClip().id}/file?format=mp4`, {
      headers: { Range: 'bytes=100-199' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe(`bytes 100-199/${whole.length}`);
    expect(response.headers.get('Content-Length')).toBe('100');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(whole.slice(100, 200));
    const open = await get(`/events/${withClip().id}/file?format=mp4`, {
      headers: { Range: 'bytes=-10' },
    });
    expect(open.headers.get('Content-Range')).toBe(
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    );
    const outside = await get(`/events/${withClip().id}/file?format=mp4`, {
      headers: { Range: `bytes=${whole.length}-` },
    });
    expect(outside.status).toBe(416);
  });

  it('serves the DriveCam event file as an octet-stream attachment', async () => {
    const event = withClip();
    const response = await get(`/events/${event.id}/file?format=dce`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${event.customerEventId}.dce"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('DCE1');
  });

  it('answers 404 "File does not exist." for an event without a file and for an unknown event', async () => {
    const noFile = getDb().safetyEvents.find((event) => event.clip === null)!;
    const response = await get(`/events/${noFile.id}/file?format=mp4`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('File does not exist.');
    expect((await get('/events/00000000-0000-4000-8000-000000000000/file?format=mp4')).status).toBe(
      404,
    );
  });

  it('requires format dce or mp4', async () => {
    for (const query of ['', '?format=avi', '?format=MP4']) {
      const response = await get(`/events/${withClip().id}/file${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/format/);
    }
  });

  it('answers 403 to a user who may not download event videos', async () => {
    const db = getDb();
    const me = db.users.find((user) => user.username === 'maria.lopez')!;
    me.allowSafetyEventDownload = false;
    const response = await get(`/events/${withClip().id}/file?format=mp4`);
    expect(response.status).toBe(403);
  });
});

describe('safety seed', () => {
  it('is deterministic, consistent and ties events to real vehicles, devices and drivers', () => {
    const now = new Date('2026-03-20T15:00:00Z');
    const a = seedDb(1, now);
    const b = seedDb(1, now);
    expect(a.safetyEvents).toEqual(b.safetyEvents);
    expect(a.safetyEvents.length).toBe(1000);
    const anchor = Date.UTC(2026, 2, 20);
    const devices = new Map(a.devices.map((device) => [device.deviceId, device]));
    const vehicles = new Map(a.vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const recent = a.safetyEvents.filter(
      (event) => Date.parse(event.recordDateUTC) > anchor - 14 * 86_400_000,
    );
    expect(recent.length / a.safetyEvents.length).toBeGreaterThan(0.45);
    const withoutClip = a.safetyEvents.filter((event) => event.clip === null).length;
    expect(withoutClip).toBeGreaterThan(50);
    expect(withoutClip).toBeLessThan(150);
    expect(new Set(a.safetyEvents.map((event) => event.customerEventId)).size).toBe(1000);
    for (const event of a.safetyEvents) {
      const vehicle = vehicles.get(event.vehicleId!)!;
      expect(vehicle.groupId).toBe(event.groupId);
      expect(devices.get(vehicle.deviceId!)!.serialNumber).toBe(event.erSerialNumber);
      expect(Date.parse(event.recordDateUTC)).toBeGreaterThan(anchor - 61 * 86_400_000);
      expect(Date.parse(event.lastUpdatedDate)).toBeLessThanOrEqual(anchor);
      if (event.downloadedDate)
        expect(Date.parse(event.downloadedDate)).toBeLessThanOrEqual(anchor);
      if (event.reviewedDate) expect(event.reviewedDate >= event.creationDate).toBe(true);
      if (event.coachedDate) expect(event.coachedDate >= event.reviewedDate!).toBe(true);
      // US daylight time began on 8 March 2026 at 02:00 local (10:00 UTC Pacific, 09:00 UTC Mountain).
      const pacific = event.recordDateTZ.startsWith('P');
      const daylight =
        event.recordDateUTC >= (pacific ? '2026-03-08T10:00:00Z' : '2026-03-08T09:00:00Z');
      expect(event.recordDateTZ).toBe(`${pacific ? 'P' : 'M'}${daylight ? 'D' : 'S'}T`);
      expect(event.recordDateUTCOffset).toBe((pacific ? -480 : -420) + (daylight ? 60 : 0));
    }
  });

  // Seeding time is measured by `npm run bench`, not asserted here.
  it('seeds 100,000 events at scale 100', () => {
    const context = { db: emptyDb(100, 1), scale: 100, anchor: new Date(Date.UTC(2026, 2, 20)) };
    seedOrganisation(context, createRandom(1001));
    seedFleet(context, createRandom(2002));
    seedSafety(context, createRandom(3003));
    expect(context.db.safetyEvents.length).toBe(100_000);
  });
});
