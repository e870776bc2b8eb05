import type { SafetyEvent } from '@/api/safety-events';
import { scorecardMetrics, type ScorecardMetric } from './scorecard-metrics';
import { bucketIndexOf, type TrendBuckets } from './scorecard-window';

/**
 * What a scorecard needs of one safety event: a slim copy, cheap to hand to the aggregation
 * worker. IDs are lower case (the service compares GUIDs without case).
 */
export interface ScorecardEvent {
  id: string;
  driverId: string | null;
  driverName: string | null;
  driverEmployeeNumber: string | null;
  vehicleId: string | null;
  recordMs: number;
  score: number;
  behaviorIds: number[];
  riskIds: number[];
  reviewed: boolean;
  coached: boolean;
  /** Coachable (or given a coaching due date) and not coached yet. */
  awaitingCoaching: boolean;
  /** Late for review or coaching: the service's days overdue, or a coaching due date passed. */
  overdue: boolean;
  /** The service counted days overdue when it was read. */
  overdueByService: boolean;
  /** When coaching is due; with `overdueByService`, what `overdue` is worked out from again later. */
  coachingDueMs: number | null;
}

function lowerOrNull(value: string | null | undefined): string | null {
  return value ? value.toLowerCase() : null;
}

export function toScorecardEvent(event: SafetyEvent, nowMs: number): ScorecardEvent {
  const coached = !!event.coachedDate;
  const coachingDueMs = event.coachingOverdueDate ? Date.parse(event.coachingOverdueDate) : NaN;
  const name = [event.driverFirstName, event.driverLastName].filter(Boolean).join(' ');
  return {
    id: event.id.toLowerCase(),
    driverId: lowerOrNull(event.driverId),
    driverName: name || null,
    driverEmployeeNumber: event.driverEmployeeNum || null,
    vehicleId: lowerOrNull(event.vehicleId),
    recordMs: Date.parse(event.recordDateUTC),
    score: event.score,
    behaviorIds: (event.behaviors ?? []).map((behavior) => behavior.id),
    riskIds: (event.dynamicRisks ?? []).map((risk) => risk.id),
    reviewed: !!event.reviewedDate,
    coached,
    awaitingCoaching: !coached && (event.isCoachable === true || !!event.coachingOverdueDate),
    overdue: (event.overDue ?? 0) > 0 || (!coached && coachingDueMs < nowMs),
    overdueByService: (event.overDue ?? 0) > 0,
    coachingDueMs: Number.isNaN(coachingDueMs) ? null : coachingDueMs,
  };
}

/** A kept event as it stands now: a coaching due date may have passed since it was read. */
export function scorecardEventAt(event: ScorecardEvent, nowMs: number): ScorecardEvent {
  const overdue =
    event.overdueByService ||
    (!event.coached && event.coachingDueMs !== null && event.coachingDueMs < nowMs);
  return overdue === event.overdue ? event : { ...event, overdue };
}

const METRIC_COUNT = scorecardMetrics.length;
const metricIndex = Object.fromEntries(scorecardMetrics.map((name, index) => [name, index])) as {
  [Name in ScorecardMetric]: number;
};

/**
 * The rows of one ranking (drivers or vehicles), column by column in flat typed arrays: a 100x
 * fleet's 20,000 rows cross from the worker in milliseconds, where as objects they took a tenth
 * of a second to unpack on the page.
 */
export interface ScorecardTable {
  size: number;
  /** Driver or vehicle ID of each row. */
  ids: string[];
  /** Drivers: the name their events carry ('' when none did); vehicles: ''. */
  names: string[];
  employeeNumbers: string[];
  /** `size` × scorecardMetrics.length. */
  metrics: Float64Array;
  /** `size` × the number of trend points: risk score per point. */
  trend: Float64Array;
  /** `size` × behaviorIds.length: events showing each behavior. */
  behaviors: Float64Array;
  /** `size` × riskIds.length. */
  risks: Float64Array;
}

export interface ScorecardSnapshot {
  trendPoints: number;
  /** The behavior and dynamic-risk IDs the tables' columns stand for, in first-seen order. */
  behaviorIds: number[];
  riskIds: number[];
  drivers: ScorecardTable;
  vehicles: ScorecardTable;
  /** One row over every event, with or without a driver or vehicle. */
  fleet: ScorecardTable;
  eventsWithoutDriver: number;
  eventsWithoutVehicle: number;
}

/** The metrics a row adds up event by event; the rest are worked out from these at snapshot time. */
type CountedMetric = Exclude<ScorecardMetric, 'averageScore' | 'trendChange'>;

interface RowState {
  id: string;
  name: string;
  employeeNumber: string;
  counts: Record<CountedMetric, number>;
  trend: Float64Array;
  behaviors: Map<number, number>;
  risks: Map<number, number>;
}

/** A running count per ID, added to as each page of events arrives. */
class RowSet {
  readonly rows: RowState[] = [];
  private readonly byId = new Map<string, RowState>();

  constructor(private readonly trendPoints: number) {}

  rowFor(id: string): RowState {
    let row = this.byId.get(id);
    if (!row) {
      row = {
        id,
        name: '',
        employeeNumber: '',
        counts: {
          events: 0,
          riskScore: 0,
          reviewed: 0,
          coached: 0,
          awaitingCoaching: 0,
          overdue: 0,
          lastEventMs: 0,
        },
        trend: new Float64Array(this.trendPoints),
        behaviors: new Map(),
        risks: new Map(),
      };
      this.byId.set(id, row);
      this.rows.push(row);
    }
    return row;
  }
}

const FLEET_ROW_ID = 'fleet';

function addCount(counts: Map<number, number>, id: number) {
  counts.set(id, (counts.get(id) ?? 0) + 1);
}

/**
 * Scorecards built incrementally: `add` each page of events as it arrives, `snapshot` whenever
 * the page wants to show the ranking so far. An event seen twice (pages shifting while they
 * are read) counts once.
 */
export class ScorecardAccumulator {
  private readonly drivers: RowSet;
  private readonly vehicles: RowSet;
  private readonly fleet: RowSet;
  private readonly seen = new Set<string>();
  private readonly behaviorIds: number[] = [];
  private readonly riskIds: number[] = [];
  private eventsWithoutDriver = 0;
  private eventsWithoutVehicle = 0;

  constructor(private readonly buckets: TrendBuckets) {
    this.drivers = new RowSet(buckets.startsMs.length);
    this.vehicles = new RowSet(buckets.startsMs.length);
    this.fleet = new RowSet(buckets.startsMs.length);
    this.fleet.rowFor(FLEET_ROW_ID);
  }

  add(events: readonly ScorecardEvent[]): void {
    for (const event of events) {
      if (this.seen.has(event.id)) continue;
      this.seen.add(event.id);
      this.count(this.fleet.rowFor(FLEET_ROW_ID), event);
      for (const id of event.behaviorIds) {
        if (!this.behaviorIds.includes(id)) this.behaviorIds.push(id);
      }
      for (const id of event.riskIds) {
        if (!this.riskIds.includes(id)) this.riskIds.push(id);
      }
      if (event.driverId) {
        const row = this.drivers.rowFor(event.driverId);
        if (!row.name && event.driverName) row.name = event.driverName;
        if (!row.employeeNumber && event.driverEmployeeNumber) {
          row.employeeNumber = event.driverEmployeeNumber;
        }
        this.count(row, event);
      } else {
        this.eventsWithoutDriver += 1;
      }
      if (event.vehicleId) this.count(this.vehicles.rowFor(event.vehicleId), event);
      else this.eventsWithoutVehicle += 1;
    }
  }

  private count(row: RowState, event: ScorecardEvent) {
    const counts = row.counts;
    counts.events += 1;
    counts.riskScore += event.score;
    if (event.reviewed) counts.reviewed += 1;
    if (event.coached) counts.coached += 1;
    if (event.awaitingCoaching) counts.awaitingCoaching += 1;
    if (event.overdue) counts.overdue += 1;
    if (event.recordMs > counts.lastEventMs) counts.lastEventMs = event.recordMs;
    // A window without trend points gives bucket -1: such an event adds to no point.
    const bucket = bucketIndexOf(this.buckets, event.recordMs);
    const pointScore = row.trend[bucket];
    if (pointScore !== undefined) row.trend[bucket] = pointScore + event.score;
    for (const id of event.behaviorIds) addCount(row.behaviors, id);
    for (const id of event.riskIds) addCount(row.risks, id);
  }

  snapshot(): ScorecardSnapshot {
    const behaviorIds = [...this.behaviorIds];
    const riskIds = [...this.riskIds];
    const table = (rows: RowSet) =>
      tableOf(rows.rows, this.buckets.startsMs.length, behaviorIds, riskIds);
    return {
      trendPoints: this.buckets.startsMs.length,
      behaviorIds,
      riskIds,
      drivers: table(this.drivers),
      vehicles: table(this.vehicles),
      fleet: table(this.fleet),
      eventsWithoutDriver: this.eventsWithoutDriver,
      eventsWithoutVehicle: this.eventsWithoutVehicle,
    };
  }
}

function sumOf(values: Float64Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

function tableOf(
  rows: readonly RowState[],
  trendPoints: number,
  behaviorIds: readonly number[],
  riskIds: readonly number[],
): ScorecardTable {
  const size = rows.length;
  const metrics = new Float64Array(size * METRIC_COUNT);
  const trend = new Float64Array(size * trendPoints);
  const behaviors = new Float64Array(size * behaviorIds.length);
  const risks = new Float64Array(size * riskIds.length);
  const half = Math.floor(trendPoints / 2);
  rows.forEach((row, index) => {
    const { counts } = row;
    const base = index * METRIC_COUNT;
    metrics[base + metricIndex.events] = counts.events;
    metrics[base + metricIndex.riskScore] = counts.riskScore;
    metrics[base + metricIndex.reviewed] = counts.reviewed;
    metrics[base + metricIndex.coached] = counts.coached;
    metrics[base + metricIndex.awaitingCoaching] = counts.awaitingCoaching;
    metrics[base + metricIndex.overdue] = counts.overdue;
    metrics[base + metricIndex.lastEventMs] = counts.lastEventMs;
    metrics[base + metricIndex.averageScore] =
      counts.events > 0 ? counts.riskScore / counts.events : 0;
    // With an odd number of points the middle one belongs to neither half.
    const firstHalf = sumOf(row.trend.subarray(0, half));
    const secondHalf = sumOf(row.trend.subarray(trendPoints - half, trendPoints));
    metrics[base + metricIndex.trendChange] = secondHalf - firstHalf;
    trend.set(row.trend, index * trendPoints);
    behaviorIds.forEach((id, column) => {
      behaviors[index * behaviorIds.length + column] = row.behaviors.get(id) ?? 0;
    });
    riskIds.forEach((id, column) => {
      risks[index * riskIds.length + column] = row.risks.get(id) ?? 0;
    });
  });
  return {
    size,
    ids: rows.map((row) => row.id),
    names: rows.map((row) => row.name),
    employeeNumbers: rows.map((row) => row.employeeNumber),
    metrics,
    trend,
    behaviors,
    risks,
  };
}

/** The buffers a snapshot can hand over rather than copy when it crosses to the page. */
export function transferablesOf(snapshot: ScorecardSnapshot): ArrayBuffer[] {
  return [snapshot.drivers, snapshot.vehicles, snapshot.fleet].flatMap((table) =>
    [table.metrics, table.trend, table.behaviors, table.risks].map(
      (column) => column.buffer as ArrayBuffer,
    ),
  );
}

/** Every scorecard of a few events at once (one driver's or one vehicle's). */
export function aggregateScorecardEvents(
  events: readonly ScorecardEvent[],
  buckets: TrendBuckets,
): ScorecardSnapshot {
  const accumulator = new ScorecardAccumulator(buckets);
  accumulator.add(events);
  return accumulator.snapshot();
}

export interface CountById {
  id: number;
  count: number;
}

/** One row of a ranking, read out of its table for display. */
export interface ScorecardRow {
  id: string;
  name: string;
  employeeNumber: string;
  metrics: Record<ScorecardMetric, number>;
  /** Risk score per trend point, oldest first. */
  trend: number[];
  /** Most frequent first; only those seen. */
  behaviors: CountById[];
  risks: CountById[];
}

function countsOf(column: Float64Array, row: number, ids: readonly number[]): CountById[] {
  const counts: CountById[] = [];
  const rowCounts = column.subarray(row * ids.length, (row + 1) * ids.length);
  rowCounts.forEach((count, index) => {
    const id = ids[index];
    // The row's slice is as long as `ids`, so every count has its ID.
    if (count > 0 && id !== undefined) counts.push({ id, count });
  });
  return counts.sort((a, b) => b.count - a.count || a.id - b.id);
}

export function scorecardRow(
  snapshot: ScorecardSnapshot,
  table: ScorecardTable,
  index: number,
): ScorecardRow {
  const id = table.ids[index];
  if (id === undefined) {
    throw new RangeError(`The ranking has no row ${index}: it has ${table.size}.`);
  }
  const rowMetrics = table.metrics.subarray(index * METRIC_COUNT, (index + 1) * METRIC_COUNT);
  // The row's slice holds one number per metric: the fallback never applies.
  const metrics = Object.fromEntries(
    scorecardMetrics.map((name, offset) => [name, rowMetrics[offset] ?? 0]),
  ) as Record<ScorecardMetric, number>;
  const points = snapshot.trendPoints;
  return {
    id,
    // Same length as `ids`; '' is what a row without a name or number holds anyway.
    name: table.names[index] ?? '',
    employeeNumber: table.employeeNumbers[index] ?? '',
    metrics,
    trend: Array.from(table.trend.subarray(index * points, (index + 1) * points)),
    behaviors: countsOf(table.behaviors, index, snapshot.behaviorIds),
    risks: countsOf(table.risks, index, snapshot.riskIds),
  };
}

/** Every event of the window together: its counts, trend and breakdowns. */
export function fleetScorecard(snapshot: ScorecardSnapshot): ScorecardRow {
  return scorecardRow(snapshot, snapshot.fleet, 0);
}

/** The row of one ID, or null when the table has none (no events in the window). */
export function scorecardRowById(
  snapshot: ScorecardSnapshot,
  table: ScorecardTable,
  id: string,
): ScorecardRow | null {
  const index = table.ids.indexOf(id.toLowerCase());
  return index < 0 ? null : scorecardRow(snapshot, table, index);
}

/**
 * Row indices in ranking order: by the chosen number, ties by risk score, then events (both
 * highest first), then ID, so the order never shuffles between snapshots.
 */
export function rankScorecardRows(
  table: ScorecardTable,
  metric: ScorecardMetric,
  direction: 'asc' | 'desc',
): Uint32Array {
  const order = new Uint32Array(table.size);
  for (let index = 0; index < table.size; index++) order[index] = index;
  const { metrics, ids } = table;
  const sortOffset = metricIndex[metric];
  const sign = direction === 'asc' ? 1 : -1;
  // `order` holds only the table's row indices, so the fallbacks below never apply.
  const metricOf = (row: number, offset: number) => metrics[row * METRIC_COUNT + offset] ?? 0;
  return order.sort((a, b) => {
    const idA = ids[a] ?? '';
    const idB = ids[b] ?? '';
    return (
      sign * (metricOf(a, sortOffset) - metricOf(b, sortOffset)) ||
      metricOf(b, metricIndex.riskScore) - metricOf(a, metricIndex.riskScore) ||
      metricOf(b, metricIndex.events) - metricOf(a, metricIndex.events) ||
      (idA < idB ? -1 : idA > idB ? 1 : 0)
    );
  });
}
