import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { vehicleDetailQueryOptions, vehicleListQueryOptions } from '@/api/vehicles';

const SUGGESTIONS = 50;

/**
 * A vehicle chooser that searches the service by name as the user types (fleets run to tens of
 * thousands of vehicles); the chosen vehicle's name is looked up by ID after a reload.
 */
export function VehiclePicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (vehicleId: string | null) => void;
}) {
  const { t } = useLingui();
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), 250);
  const chosenQuery = useQuery({
    ...vehicleDetailQueryOptions(value ?? ''),
    enabled: value !== null,
  });
  const chosenName = value !== null ? chosenQuery.data?.name : undefined;
  // While the box shows the chosen vehicle's name, offer the first vehicles rather than only it.
  const name = debouncedSearch && debouncedSearch !== chosenName ? debouncedSearch : undefined;
  const listQuery = useQuery({
    ...vehicleListQueryOptions({ page: { pageIndex: 0, pageSize: SUGGESTIONS }, name }),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const listed = (listQuery.data?.items ?? []).map((vehicle) => ({
      value: vehicle.id,
      label: vehicle.name,
    }));
    const chosen = chosenQuery.data;
    return chosen && !listed.some((option) => option.value === chosen.id)
      ? [{ value: chosen.id, label: chosen.name }, ...listed]
      : listed;
  }, [listQuery.data, chosenQuery.data]);

  return (
    <Select
      label={t`Vehicle`}
      placeholder={t`Any vehicle`}
      description={
        chosenQuery.error
          ? t`The chosen vehicle no longer exists.`
          : listQuery.error
            ? t`The vehicle list could not be loaded.`
            : undefined
      }
      searchable
      clearable
      searchValue={searchText}
      onSearchChange={setSearchText}
      // The service has already filtered by name; a second, client-side filter would hide matches.
      filter={({ options: all }) => all}
      nothingFoundMessage={listQuery.isFetching ? t`Searching…` : t`No vehicle matches`}
      data={options}
      value={value}
      onChange={onChange}
      maxDropdownHeight={320}
      w={220}
    />
  );
}
