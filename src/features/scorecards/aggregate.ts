import { readSafetyEventListText, type SafetyEvent } from '@/api/safety-events';
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
  };
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

interface RowState {
  id: string;
  name: string;
  employeeNumber: string;
  counts: Float64Array;
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
        counts: new Float64Array(METRIC_COUNT),
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
    counts[metricIndex.events]! += 1;
    counts[metricIndex.riskScore]! += event.score;
    if (event.reviewed) counts[metricIndex.reviewed]! += 1;
    if (event.coached) counts[metricIndex.coached]! += 1;
    if (event.awaitingCoaching) counts[metricIndex.awaitingCoaching]! += 1;
    if (event.overdue) counts[metricIndex.overdue]! += 1;
    if (event.recordMs > counts[metricIndex.lastEventMs]!) {
      counts[metricIndex.lastEventMs] = event.recordMs;
    }
    const bucket = bucketIndexOf(this.buckets, event.recordMs);
    if (bucket >= 0) row.trend[bucket]! += event.score;
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
    metrics.set(row.counts, index * METRIC_COUNT);
    const events = row.counts[metricIndex.events]!;
    const base = index * METRIC_COUNT;
    metrics[base + metricIndex.averageScore] =
      events > 0 ? row.counts[metricIndex.riskScore]! / events : 0;
    let firstHalf = 0;
    let secondHalf = 0;
    // With an odd number of points the middle one belongs to neither half.
    for (let point = 0; point < half; point++) firstHalf += row.trend[point]!;
    for (let point = trendPoints - half; point < trendPoints; point++)
      secondHalf += row.trend[point]!;
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

/**
 * The accumulator fed with pages as the service sends them: each page's text is parsed and
 * checked here (in the worker), and only the slim events are kept.
 */
export class ScorecardPageReader {
  private readonly accumulator: ScorecardAccumulator;

  constructor(buckets: TrendBuckets) {
    this.accumulator = new ScorecardAccumulator(buckets);
  }

  addPage(
    text: string,
    nowMs: number,
  ): { ok: true; eventCount: number } | { ok: false; message: string; details: string[] } {
    const read = readSafetyEventListText(text);
    if (!read.ok) return read;
    this.accumulator.add(read.events.map((event) => toScorecardEvent(event, nowMs)));
    return { ok: true, eventCount: read.events.length };
  }

  snapshot(): ScorecardSnapshot {
    return this.accumulator.snapshot();
  }
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
  ids.forEach((id, index) => {
    const count = column[row * ids.length + index]!;
    if (count > 0) counts.push({ id, count });
  });
  return counts.sort((a, b) => b.count - a.count || a.id - b.id);
}

export function scorecardRow(
  snapshot: ScorecardSnapshot,
  table: ScorecardTable,
  index: number,
): ScorecardRow {
  const base = index * METRIC_COUNT;
  const metrics = Object.fromEntries(
    scorecardMetrics.map((name, offset) => [name, table.metrics[base + offset]!]),
  ) as Record<ScorecardMetric, number>;
  const points = snapshot.trendPoints;
  return {
    id: table.ids[index]!,
    name: table.names[index]!,
    employeeNumber: table.employeeNumbers[index]!,
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
  return order.sort((a, b) => {
    const baseA = a * METRIC_COUNT;
    const baseB = b * METRIC_COUNT;
    return (
      sign * (metrics[baseA + sortOffset]! - metrics[baseB + sortOffset]!) ||
      metrics[baseB + metricIndex.riskScore]! - metrics[baseA + metricIndex.riskScore]! ||
      metrics[baseB + metricIndex.events]! - metrics[baseA + metricIndex.events]! ||
      (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0)
    );
  });
}
