import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  countrySubdivisionsQueryOptions,
  seatbeltTypesQueryOptions,
  vehicleStatusesQueryOptions,
  vehicleTypesQueryOptions,
} from '@/api/vehicles';
import { seatbeltTypeLabel, vehicleStatusLabel, vehicleTypeLabel } from './vehicle-lookup-labels';

interface LookupOption {
  value: string;
  label: string;
}

/**
 * The vehicle lookup lists (fetched once per session) as Select options, and readers for the table.
 * Only the forms offer seatbelt types: the list leaves them out, one request fewer on its first visit.
 */
export function useVehicleLookups({ seatbeltTypes: withSeatbeltTypes = true } = {}) {
  const statuses = useQuery(vehicleStatusesQueryOptions());
  const types = useQuery(vehicleTypesQueryOptions());
  const seatbeltTypes = useQuery({ ...seatbeltTypesQueryOptions(), enabled: withSeatbeltTypes });
  // Changes with the language, so the labels below are made again in the new one.
  const { _: translate } = useLingui();

  return useMemo(() => {
    const statusOptions: LookupOption[] = (statuses.data ?? []).map(({ id, description }) => ({
      value: String(id),
      label: description
        ? vehicleStatusLabel(description, translate)
        : translate(msg`Status ${id}`),
    }));
    const typeOptions: LookupOption[] = (types.data ?? []).map(({ id, description }) => ({
      value: String(id),
      label: description ? vehicleTypeLabel(description, translate) : translate(msg`Type ${id}`),
    }));
    const seatbeltOptions: LookupOption[] = (seatbeltTypes.data ?? []).map(({ id, name }) => ({
      value: String(id),
      label: name ? seatbeltTypeLabel(name, translate) : translate(msg`Seatbelt type ${id}`),
    }));
    // An ID the loaded list does not hold is shown as sent, marked unknown.
    const reader = (options: LookupOption[], fallback: (id: number) => string) => {
      const labels = new Map(options.map((option) => [option.value, option.label]));
      return (id: number) => labels.get(String(id)) ?? fallback(id);
    };
    const unknownStatus = (id: number) =>
      translate(statuses.data === undefined ? msg`Status ${id}` : msg`Status ${id} (unknown)`);
    const unknownType = (id: number) =>
      translate(types.data === undefined ? msg`Type ${id}` : msg`Type ${id} (unknown)`);
    return {
      statusOptions,
      typeOptions,
      /** The IDs the service lists, once it has answered. */
      statusIds: statuses.data?.map((status) => status.id),
      typeIds: types.data?.map((type) => type.id),
      seatbeltOptions,
      statusName: reader(statusOptions, unknownStatus),
      typeName: reader(typeOptions, unknownType),
      statusesError: statuses.error,
      typesError: types.error,
      seatbeltTypesError: seatbeltTypes.error,
    };
  }, [
    statuses.data,
    statuses.error,
    types.data,
    types.error,
    seatbeltTypes.data,
    seatbeltTypes.error,
    translate,
  ]);
}

/** A country's subdivisions as options (by code) and the code → ID map that writes need. */
/** A country's subdivisions by code, as a vehicle request names them (by ID). */
export function subdivisionIdsByCode(
  subdivisions: readonly { code?: string | null; id: number }[],
): ReadonlyMap<string, number> {
  return new Map(
    subdivisions.flatMap((subdivision) =>
      subdivision.code ? [[subdivision.code, subdivision.id] as const] : [],
    ),
  );
}

export function useCountrySubdivisions(countryCode: string) {
  const query = useQuery({
    ...countrySubdivisionsQueryOptions(countryCode),
    enabled: !!countryCode,
  });
  return useMemo(() => {
    const subdivisions = query.data ?? [];
    return {
      options: subdivisions.flatMap((subdivision) =>
        subdivision.code
          ? [{ value: subdivision.code, label: subdivision.name || subdivision.code }]
          : [],
      ),
      idByCode: subdivisionIdsByCode(subdivisions),
      isLoading: query.isLoading,
      error: query.error,
    };
  }, [query.data, query.isLoading, query.error]);
}
