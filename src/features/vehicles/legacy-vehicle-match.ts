import { queryOptions } from '@tanstack/react-query';
import { ecmKeys, ecmVehicleIndexPageQueryOptions, type EcmVehicle } from '@/api/ecm';
import { sessionLookupQueryDefaults } from '@/api/query-client';
import { normalizeVin } from './vehicle-form';

export interface LegacyVehicleMatch {
  vehicle: EcmVehicle;
  /** `vin` was typed in by hand; `deviceVin` is what the camera read from the engine. */
  matchedBy: 'vin' | 'deviceVin';
}

/**
 * The legacy vehicle with this VIN among `vehicles`. The VIN entered by hand wins over the one
 * the camera read, since the modern record's VIN is entered by hand too.
 */
export function findLegacyVehicleByVin(
  vehicles: readonly EcmVehicle[],
  vin: string,
): LegacyVehicleMatch | null {
  const wanted = normalizeVin(vin);
  if (!wanted) return null;
  const byVin = vehicles.find((vehicle) => normalizeVin(vehicle.vin ?? '') === wanted);
  if (byVin) return { vehicle: byVin, matchedBy: 'vin' };
  const byDeviceVin = vehicles.find((vehicle) => normalizeVin(vehicle.deviceVin ?? '') === wanted);
  return byDeviceVin ? { vehicle: byDeviceVin, matchedBy: 'deviceVin' } : null;
}

/**
 * Modern vehicle IDs are GUIDs and legacy ones integers, so the VIN links them (ECM API,
 * GET /vehicles). Reads the legacy list a page of 1,000 at a time, stopping at the first
 * hand-entered VIN match; the pages are kept for the session, so other vehicles match without new
 * requests.
 */
export function legacyVehicleMatchQueryOptions(vin: string) {
  const wanted = normalizeVin(vin);
  return queryOptions({
    queryKey: ecmKeys.vinMatch(wanted),
    queryFn: async ({ client, signal }): Promise<LegacyVehicleMatch | null> => {
      let readByDevice: LegacyVehicleMatch | null = null;
      for (let pageIndex = 0; ; pageIndex++) {
        signal.throwIfAborted();
        const page = await client.fetchQuery(ecmVehicleIndexPageQueryOptions(pageIndex));
        const match = findLegacyVehicleByVin(page.items, wanted);
        if (match?.matchedBy === 'vin') return match;
        readByDevice ??= match;
        if (!page.hasMore || page.items.length === 0) return readByDevice;
      }
    },
    ...sessionLookupQueryDefaults,
  });
}

/** The console vehicle a legacy vehicle stands for, and which of its VINs linked them. */
export interface ConsoleVehicleMatch<Console> {
  vehicle: Console;
  matchedBy: 'vin' | 'deviceVin';
}

/**
 * The other way round, for many legacy vehicles at once (the fleet map): console vehicles indexed
 * by VIN, looked up with the legacy vehicle's hand-entered VIN first, then the one the camera read.
 */
export function consoleVehicleMatcher<Console extends { vin?: string | null }>(
  consoleVehicles: readonly Console[],
): (legacyVehicle: EcmVehicle) => ConsoleVehicleMatch<Console> | null {
  const byVin = new Map<string, Console>();
  for (const vehicle of consoleVehicles) {
    const vin = normalizeVin(vehicle.vin ?? '');
    if (vin && !byVin.has(vin)) byVin.set(vin, vehicle);
  }
  return (legacyVehicle) => {
    const byHand = byVin.get(normalizeVin(legacyVehicle.vin ?? ''));
    if (byHand) return { vehicle: byHand, matchedBy: 'vin' };
    const read = byVin.get(normalizeVin(legacyVehicle.deviceVin ?? ''));
    return read ? { vehicle: read, matchedBy: 'deviceVin' } : null;
  };
}
