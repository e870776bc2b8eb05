import { describe, expect, it } from 'vitest';
import type { SafetyEvent } from '@/api/safety-events';
import {
  aggregateScorecardEvents,
  fleetScorecard,
  rankScorecardRows,
  ScorecardAccumulator,
  scorecardRow,
  scorecardRowById,
  scorecardEventAt,
  toScorecardEvent,
  type ScorecardEvent,
} from './aggregate';
import { trendBuckets } from './scorecard-window';

const DAY = 86_400_000;
// Four local days; each test event sits at noon of one of them.
const window = { fromDay: '2026-03-02', toDay: '2026-03-05' };
const buckets = trendBuckets(window, 30);
const noonOf = (day: number) => new Date(2026, 2, 2 + day, 12).getTime();

function event(overrides: Partial<ScorecardEvent>): ScorecardEvent {
  return {
    id: `e-${Math.random()}`,
    driverId: 'd-1',
    driverName: 'Ann Lee',
    driverEmployeeNumber: 'CF1001',
    vehicleId: 'v-1',
    recordMs: noonOf(0),
    score: 5,
    behaviorIds: [],
    riskIds: [],
    reviewed: false,
    coached: false,
    awaitingCoaching: false,
    overdue: false,
    overdueByService: false,
    coachingDueMs: null,
    ...overrides,
  };
}

const safetyEvent: SafetyEvent = {
  id: 'AB12CD34-0000-4000-8000-000000000001',
  customerEventId: 'EVT-1',
  eventTriggerId: 1,
  eventTriggerSubTypeId: 1,
  eventStatusId: 4,
  recordDateUTC: '2026-03-03T10:00:00Z',
  recordDateTZ: 'PST',
  recordDateUTCOffset: -480,
  creationDate: '2026-03-03T10:05:00Z',
  score: 8,
  erSerialNumber: 'QM1',
  groupId: 'g',
  driverId: 'DD000000-0000-4000-8000-000000000001',
  vehicleId: 'VV000000-0000-4000-8000-000000000001',
  driverFirstName: 'Ann',
  driverLastName: 'Lee',
  driverEmployeeNum: 'CF1001',
  behaviors: [{ id: 5, name: 'Speeding' }],
  dynamicRisks: [{ id: 2, name: 'Night' }],
  reviewedDate: '2026-03-03T12:00:00Z',
  coachingOverdueDate: '2026-03-10T12:00:00Z',
  objectRevision: 1,
};

describe('toScorecardEvent', () => {
  it('keeps what a scorecard needs, with IDs in lower case', () => {
    const slim = toScorecardEvent(safetyEvent, Date.parse('2026-03-04T00:00:00Z'));
    expect(slim).toEqual({
      id: 'ab12cd34-0000-4000-8000-000000000001',
      driverId: 'dd000000-0000-4000-8000-000000000001',
      driverName: 'Ann Lee',
      driverEmployeeNumber: 'CF1001',
      vehicleId: 'vv000000-0000-4000-8000-000000000001',
      recordMs: Date.parse('2026-03-03T10:00:00Z'),
      score: 8,
      behaviorIds: [5],
      riskIds: [2],
      reviewed: true,
      coached: false,
      awaitingCoaching: true,
      overdue: false,
      overdueByService: false,
      coachingDueMs: Date.parse('2026-03-10T12:00:00Z'),
    });
  });

  it('counts a passed coaching due date or days overdue as overdue, and coaching as done', () => {
    const afterDue = Date.parse('2026-03-11T00:00:00Z');
    expect(toScorecardEvent(safetyEvent, afterDue).overdue).toBe(true);
    const coached = { ...safetyEvent, coachedDate: '2026-03-09T00:00:00Z' };
    expect(toScorecardEvent(coached, afterDue)).toMatchObject({
      coached: true,
      awaitingCoaching: false,
      overdue: false,
    });
    const lateReview = { ...safetyEvent, coachingOverdueDate: null, overDue: 2 };
    expect(toScorecardEvent(lateReview, 0).overdue).toBe(true);
  });

  it('works out again whether a kept event is overdue: its coaching due date may have passed', () => {
    const keptBeforeDue = toScorecardEvent(safetyEvent, Date.parse('2026-03-04T00:00:00Z'));
    expect(scorecardEventAt(keptBeforeDue, Date.parse('2026-03-11T00:00:00Z')).overdue).toBe(true);
    expect(scorecardEventAt(keptBeforeDue, Date.parse('2026-03-05T00:00:00Z'))).toBe(keptBeforeDue);
  });

  it('copes with the optional fields missing', () => {
    const bare = toScorecardEvent(
      {
        ...safetyEvent,
        driverId: null,
        vehicleId: undefined,
        driverFirstName: null,
        driverLastName: null,
        driverEmployeeNum: null,
        behaviors: null,
        dynamicRisks: undefined,
        reviewedDate: null,
        coachingOverdueDate: null,
      },
      0,
    );
    expect(bare).toMatchObject({
      driverId: null,
      driverName: null,
      vehicleId: null,
      behaviorIds: [],
      riskIds: [],
      awaitingCoaching: false,
      overdue: false,
    });
  });
});

describe('ScorecardAccumulator', () => {
  it('totals events, scores, coaching and breakdowns per driver and per vehicle', () => {
    const snapshot = aggregateScorecardEvents(
      [
        event({ score: 4, behaviorIds: [5, 2], riskIds: [1], reviewed: true, coached: true }),
        event({ score: 6, behaviorIds: [5], awaitingCoaching: true, overdue: true }),
        event({ driverId: 'd-2', driverName: 'Bo Ray', vehicleId: 'v-1', score: 9 }),
      ],
      buckets,
    );
    const ann = scorecardRowById(snapshot, snapshot.drivers, 'D-1')!;
    expect(ann).toMatchObject({
      id: 'd-1',
      name: 'Ann Lee',
      employeeNumber: 'CF1001',
      metrics: {
        events: 2,
        riskScore: 10,
        averageScore: 5,
        reviewed: 1,
        coached: 1,
        awaitingCoaching: 1,
        overdue: 1,
        lastEventMs: noonOf(0),
      },
      behaviors: [
        { id: 5, count: 2 },
        { id: 2, count: 1 },
      ],
      risks: [{ id: 1, count: 1 }],
    });
    const truck = scorecardRowById(snapshot, snapshot.vehicles, 'v-1')!;
    expect(truck.metrics).toMatchObject({ events: 3, riskScore: 19 });
    expect(snapshot.drivers.size).toBe(2);
    expect(fleetScorecard(snapshot).metrics.events).toBe(3);
  });

  it('puts each score in the trend point of its day and measures the change between halves', () => {
    const snapshot = aggregateScorecardEvents(
      [
        event({ recordMs: noonOf(0), score: 2 }),
        event({ recordMs: noonOf(1), score: 3 }),
        event({ recordMs: noonOf(3), score: 10 }),
        // Outside the window: kept at the nearest end rather than dropped.
        event({ recordMs: noonOf(0) - 2 * DAY, score: 1 }),
      ],
      buckets,
    );
    const row = scorecardRow(snapshot, snapshot.drivers, 0);
    expect(row.trend).toEqual([3, 3, 0, 10]);
    expect(row.metrics.trendChange).toBe(10 - 6);
  });

  it('counts an event seen twice once, and events without a driver or vehicle in the fleet', () => {
    const accumulator = new ScorecardAccumulator(buckets);
    const repeated = event({ id: 'same' });
    accumulator.add([repeated, event({ driverId: null }), event({ vehicleId: null })]);
    accumulator.add([repeated]);
    const snapshot = accumulator.snapshot();
    expect(fleetScorecard(snapshot).metrics.events).toBe(3);
    expect(snapshot.eventsWithoutDriver).toBe(1);
    expect(snapshot.eventsWithoutVehicle).toBe(1);
    expect(scorecardRow(snapshot, snapshot.drivers, 0).metrics.events).toBe(2);
  });

  it('gives each snapshot its own buffers, so handing one over leaves the running totals alone', () => {
    const accumulator = new ScorecardAccumulator(buckets);
    accumulator.add([event({ score: 3 })]);
    const first = accumulator.snapshot();
    accumulator.add([event({ score: 4 })]);
    const second = accumulator.snapshot();
    expect(scorecardRow(first, first.drivers, 0).metrics.riskScore).toBe(3);
    expect(scorecardRow(second, second.drivers, 0).metrics.riskScore).toBe(7);
    expect(first.drivers.metrics.buffer).not.toBe(second.drivers.metrics.buffer);
  });
});

describe('rankScorecardRows', () => {
  const snapshot = aggregateScorecardEvents(
    [
      event({ driverId: 'a', score: 5 }),
      event({ driverId: 'b', score: 9 }),
      event({ driverId: 'b', score: 1, overdue: true }),
      event({ driverId: 'c', score: 10 }),
    ],
    buckets,
  );
  const order = (metric: Parameters<typeof rankScorecardRows>[1], direction: 'asc' | 'desc') =>
    Array.from(
      rankScorecardRows(snapshot.drivers, metric, direction),
      (index) => snapshot.drivers.ids[index],
    );

  it('orders rows by the chosen number either way', () => {
    expect(order('riskScore', 'desc')).toEqual(['b', 'c', 'a']);
    // b and c tie on risk score; b has more events.
    expect(order('riskScore', 'asc')).toEqual(['a', 'b', 'c']);
    expect(order('averageScore', 'desc')).toEqual(['c', 'b', 'a']);
    expect(order('overdue', 'desc')).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties by risk score, then events, then ID', () => {
    // No one is coached: the order falls to risk score (highest first) whatever the direction.
    expect(order('coached', 'desc')).toEqual(['b', 'c', 'a']);
    expect(order('coached', 'asc')).toEqual(['b', 'c', 'a']);
  });
});
