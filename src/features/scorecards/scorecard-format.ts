import { t } from '@lingui/core/macro';
import { numberFormat } from '@/lib/format';
import type { ScorecardRow } from './aggregate';

/** A driver as a ranking names them: their name, else their employee number, else a placeholder. */
export function driverLabel(row: Pick<ScorecardRow, 'name' | 'employeeNumber'>): string {
  if (row.name) return row.name;
  const employeeNumber = row.employeeNumber;
  return employeeNumber ? t`Employee ${employeeNumber}` : t`Unnamed driver`;
}

/** A vehicle the name index does not hold: the start of its ID. */
export function vehicleFallbackLabel(vehicleId: string): string {
  const idStart = vehicleId.slice(0, 8);
  return t`Vehicle ${idStart}`;
}

// numberFormat keeps one formatter per language: toLocaleString would build one per table cell.
const COUNT: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
const AVERAGE: Intl.NumberFormatOptions = { maximumFractionDigits: 1, minimumFractionDigits: 1 };

export function formatCount(value: number): string {
  return numberFormat(COUNT).format(Math.round(value));
}

export function formatAverage(value: number): string {
  return numberFormat(AVERAGE).format(value);
}

/** "up 12", "down 5" or "steady": the risk score of the window's second half against its first. */
export function describeTrendChange(change: number): string {
  if (change > 0) {
    const rise = formatCount(change);
    return t`up ${rise}`;
  }
  if (change < 0) {
    const fall = formatCount(-change);
    return t`down ${fall}`;
  }
  return t`steady`;
}
