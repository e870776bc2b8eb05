import { t } from '@lingui/core/macro';
import type { ActivationEndReason, GeofenceActivation, VehicleActivations } from '@/api/geofences';
import { toPage, type Page } from '@/api/paging';
import { formatNumber } from '@/lib/format';

/** One activation with the vehicle it belongs to: the service groups activations per vehicle. */
export interface ActivationRow {
  activation: GeofenceActivation;
  vehicle: Omit<VehicleActivations, 'activations'>;
}

/** Flat rows, most recent first (the service's grouping per vehicle breaks the time order). */
export function activationRows(groups: readonly VehicleActivations[]): ActivationRow[] {
  const rows = groups.flatMap(({ activations, ...vehicle }) =>
    activations.map((activation) => ({ activation, vehicle })),
  );
  const startOf = (row: ActivationRow) => Date.parse(row.activation.activationStartDate ?? '') || 0;
  return rows.sort((a, b) => startOf(b) - startOf(a));
}

/**
 * A page of the service's per-vehicle groups as a page of flat rows. The service pages by
 * activation, so whether more follow is judged by the rows, not by the vehicles.
 */
export function activationRowPage(page: Page<VehicleActivations>): Page<ActivationRow> {
  return toPage(activationRows(page.items), page.total, page);
}

function reasonNumbered(reasonId: number): string {
  return t`Reason ${reasonId}`;
}

export function endReasonsById(reasons: readonly ActivationEndReason[]): Map<number, string> {
  return new Map(
    reasons.map((reason) => [
      reason.reasonId,
      reason.description?.trim() || reasonNumbered(reason.reasonId),
    ]),
  );
}

/** The end reason in words; a running activation has not ended, whatever its code says. */
export function endReasonText(
  activation: GeofenceActivation,
  reasons: ReadonlyMap<number, string>,
): string {
  if (!activation.activationEndDate) return '—';
  const { endReason } = activation;
  if (endReason === null || endReason === undefined) return t`Not given`;
  return reasons.get(endReason) ?? t`Unknown reason (${endReason})`;
}

export function vehicleLabel(vehicle: ActivationRow['vehicle']): string {
  return vehicle.vehicleName?.trim() || vehicle.vin || vehicle.serialNumber || t`Unknown vehicle`;
}

/** Whole minutes inside, up to now while still inside; null when a date is unreadable. */
export function minutesInside(
  startIso: string | null | undefined,
  endIso: string | null | undefined,
  now = Date.now(),
): number | null {
  const start = Date.parse(startIso ?? '');
  const end = endIso ? Date.parse(endIso) : now;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  return Math.floor((end - start) / 60_000);
}

/** "3 d 4 h", "2 h 15 min", "45 min", "under a minute"; "—" when a date is unreadable. */
export function describeDuration(
  startIso: string | null | undefined,
  endIso: string | null | undefined,
  now = Date.now(),
): string {
  const minutes = minutesInside(startIso, endIso, now);
  if (minutes === null) return '—';
  if (minutes < 1) return t`under a minute`;
  const days = formatNumber(Math.floor(minutes / 1440));
  const hourCount = Math.floor((minutes % 1440) / 60);
  const hours = formatNumber(hourCount);
  const rest = minutes % 60;
  if (minutes >= 1440) return hourCount > 0 ? t`${days} d ${hours} h` : t`${days} d`;
  if (hourCount > 0) return rest > 0 ? t`${hours} h ${rest} min` : t`${hours} h`;
  return t`${rest} min`;
}
