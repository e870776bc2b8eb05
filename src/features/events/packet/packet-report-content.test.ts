// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { SafetyEvent } from '@/api/safety-events';
import { resetDisplayPreferencesCache, setDisplayPreferences } from '@/lib/display-preferences';
import {
  eventReportText,
  formatReportTime,
  formatUtcInstant,
  type PacketNames,
} from './packet-report-content';

afterEach(() => {
  localStorage.clear();
  resetDisplayPreferencesCache();
});

const names: PacketNames = {
  trigger: () => 'Harsh Braking',
  subtype: () => 'Hard stop',
  status: () => 'Coached',
  behaviour: (id, embedded) => embedded ?? `Behaviour ${id}`,
  risk: () => 'Rain',
  groupPath: () => ['Acme Freight', 'Northwest Region', 'Portland Depot'],
};

const event = {
  id: '6f1c0a2e-0000-4000-8000-000000000001',
  customerEventId: 'EVT-2026-000123',
  eventTriggerId: 2,
  eventTriggerSubTypeId: 5,
  eventStatusId: 5,
  recordDateUTC: '2026-11-03T22:03:22Z',
  recordDateTZ: 'PST',
  recordDateUTCOffset: -480,
  creationDate: '2026-11-03T22:05:00Z',
  score: 8,
  erSerialNumber: 'ER900115',
  groupId: 'g1',
  vehicleId: 'v1',
  objectRevision: 1,
  speed: 26.8224,
  forwardMax: -0.62,
  forwardThreshold: 0.45,
  lateralMax: 0.1,
  lateralThreshold: 0.4,
  latitude: 45.53104,
  longitude: -122.65889,
  driverFirstName: 'Jamal',
  driverLastName: 'Taylor',
  driverEmployeeNum: 'CF1016',
  overDue: 3,
  behaviors: [{ id: 1, name: 'Late response' }],
  reviewNotes: [
    {
      id: 1,
      body: 'Braked for a deer.',
      creationDate: '2026-11-04T09:00:00Z',
      authorUserId: 'u1',
      firstName: 'Ana',
      lastName: 'Diaz',
    },
  ],
} satisfies Partial<SafetyEvent> as SafetyEvent;

const rows = (text: ReturnType<typeof eventReportText>) =>
  new Map(text.sections.flatMap((section) => section.rows.map(([label, value]) => [label, value])));

describe('eventReportText', () => {
  it('gives readings in the reader’s units against their thresholds, and both times', () => {
    setDisplayPreferences({ distance: 'mi' });
    const text = eventReportText(
      event,
      names,
      { name: 'PDX-T123', vin: '1FUJGLDR5CLBP8834', licensePlate: 'OR 123ABC' },
      'ab'.repeat(32),
    );
    const byLabel = rows(text);
    expect(text.title).toBe('Evidence report: Harsh Braking · EVT-2026-000123');
    // The root group's name is a group's, not the company's.
    expect(byLabel.get('Company')).toBeUndefined();
    expect(byLabel.get('Group tree')).toBe('Acme Freight');
    expect(byLabel.get('VIN')).toBe('1FUJGLDR5CLBP8834');
    expect(byLabel.get('Licence plate')).toBe('OR 123ABC');
    expect(byLabel.get('SHA-256')).toBe('ab'.repeat(32));
    expect(byLabel.get('Speed')).toBe('60 mph');
    expect(byLabel.get('Forward g-force')).toBe(
      '−0.62 g braking against a threshold of 0.45 g: exceeded',
    );
    expect(byLabel.get('Lateral g-force')).toBe('0.10 g against a threshold of 0.40 g: within');
    expect(byLabel.get('In UTC')).toBe('2026-11-03 22:03:22 UTC');
    expect(byLabel.get('Where it happened')).toMatch(
      /^Nov 3, 2026, 2:03:22\s?PM PST \(UTC−08:00\)$/,
    );
    expect(byLabel.get('Driver')).toBe('Jamal Taylor (employee CF1016)');
    expect(byLabel.get('Vehicle')).toBe('PDX-T123');
    expect(byLabel.get('Overdue')).toBe('3 days');
    expect(byLabel.get('Behaviours')).toBe('Late response');
    expect(text.notes).toEqual([
      { heading: expect.stringMatching(/^Review note · Ana Diaz · /), body: 'Braked for a deer.' },
    ]);

    setDisplayPreferences({ distance: 'km' });
    expect(rows(eventReportText(event, names, null, null)).get('Speed')).toBe('97 km/h');
  });

  it('says what is missing rather than leaving it blank', () => {
    const bare = {
      ...event,
      latitude: null,
      driverFirstName: null,
      driverLastName: null,
      vehicleId: 'v9',
    };
    const byLabel = rows(eventReportText(bare, names, null, null));
    expect(byLabel.get('Position')).toBe('No position was recorded for this event.');
    expect(byLabel.get('Driver')).toBe('Unassigned');
    expect(byLabel.get('Vehicle')).toBe('Unknown vehicle (v9)');
    expect(byLabel.get('Reviewed')).toBe('Not reviewed');
    expect(byLabel.has('VIN')).toBe(false);
    expect(byLabel.get('SHA-256')).toBe('No video was packed, so there is no hash of one.');
    expect(formatUtcInstant('not a date')).toBe('not a date');
  });

  it('gives every time with its zone, in the console’s display zone', () => {
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone: 'Asia/Tokyo' });
    const text = eventReportText(
      { ...event, downloadedDate: '2026-11-03T22:10:00Z', reviewedDate: '2026-11-04T09:00:00Z' },
      names,
      null,
      null,
    );
    const byLabel = rows(text);
    expect(byLabel.get('Downloaded')).toMatch(/^Nov 4, 2026, 7:10\s?AM GMT\+9$/);
    expect(byLabel.get('Reviewed')).toMatch(/^Nov 4, 2026, 6:00\s?PM GMT\+9$/);
    expect(text.notes[0]?.heading).toMatch(/· Nov 4, 2026, 6:00\s?PM GMT\+9$/);
    expect(formatReportTime('2026-11-04T09:00:00Z')).toMatch(/GMT\+9$/);
  });

  it('names the zone even when it is the browser’s own', () => {
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone: 'UTC' });
    expect(formatReportTime('2026-11-04T09:00:00Z')).toMatch(/^Nov 4, 2026, 9:00\s?AM UTC$/);
  });
});
