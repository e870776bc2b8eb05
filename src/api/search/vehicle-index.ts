import { useQuery } from '@tanstack/react-query';
import {
  vehicleSearchIndexQueryOptions,
  type VehicleScope,
  type VehicleSearchEntry,
  type VehicleSearchIndex,
} from '@/api/vehicles';
import { rankMatches, type RankedMatch, type SearchField } from '@/lib/search/prefix-match';

export type { VehicleSearchEntry, VehicleSearchIndex };

type VehicleMatchField = 'name' | 'plate' | 'vin';
export type VehicleMatch<Entry extends VehicleSearchEntry = VehicleSearchEntry> = RankedMatch<
  Entry,
  VehicleMatchField
>;

const ALL_VEHICLE_FIELDS: readonly VehicleMatchField[] = ['name', 'plate', 'vin'];

function vehicleFields(vehicle: VehicleSearchEntry): SearchField<VehicleMatchField>[] {
  return [
    { field: 'name', value: vehicle.name, kind: 'text' },
    { field: 'plate', value: vehicle.licensePlateNumber, kind: 'identifier' },
    { field: 'vin', value: vehicle.vin, kind: 'identifier' },
  ];
}

export interface VehicleMatchOptions {
  limit?: number;
  /** The fields to search; all three by default ("VIN or plate" leaves the name out). */
  fields?: readonly VehicleMatchField[];
}

/**
 * Vehicles whose name, plate or VIN starts with `text` (or a word of the name or plate does), best
 * first. Pure: filter a list page's rows or the palette's results with it.
 */
export function matchVehicles<Entry extends VehicleSearchEntry>(
  index: Pick<VehicleSearchIndex<Entry>, 'vehicles'>,
  text: string,
  { limit, fields = ALL_VEHICLE_FIELDS }: VehicleMatchOptions = {},
): VehicleMatch<Entry>[] {
  const fieldsOf =
    fields === ALL_VEHICLE_FIELDS
      ? vehicleFields
      : (vehicle: VehicleSearchEntry) =>
          vehicleFields(vehicle).filter(({ field }) => fields.includes(field));
  return rankMatches(index.vehicles, text, fieldsOf, (vehicle) => vehicle.name, limit);
}

/**
 * The vehicles of a scope (the whole company by default), read once in the background and kept
 * for minutes. `data.complete` is false when the scope holds more vehicles than the index reads.
 */
export function useVehicleSearchIndex(scope: VehicleScope = {}, { enabled = true } = {}) {
  return useQuery({ ...vehicleSearchIndexQueryOptions(scope), enabled });
}
