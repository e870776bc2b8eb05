import type { ScorecardRow } from './aggregate';

/** A driver as a ranking names them: their name, else their employee number, else a placeholder. */
export function driverLabel(row: Pick<ScorecardRow, 'name' | 'employeeNumber'>): string {
  return row.name || (row.employeeNumber ? `Employee ${row.employeeNumber}` : 'Unnamed driver');
}

/** A vehicle the name index does not hold: the start of its ID. */
export function vehicleFallbackLabel(vehicleId: string): string {
  return `Vehicle ${vehicleId.slice(0, 8)}`;
}

// One formatter each: toLocaleString builds a new one per call, too slow for a table's cells.
const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const averageFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return countFormat.format(Math.round(value));
}

export function formatAverage(value: number): string {
  return averageFormat.format(value);
}

/** "up 12", "down 5" or "steady": the risk score of the window's second half against its first. */
export function describeTrendChange(change: number): string {
  if (change > 0) return `up ${formatCount(change)}`;
  if (change < 0) return `down ${formatCount(-change)}`;
  return 'steady';
}
