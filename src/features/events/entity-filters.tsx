import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userDetailQueryOptions, userListQueryOptions } from '@/api/users';
import { vehicleListQueryOptions } from '@/api/vehicles';
import { personName } from './event-format';
import { useVehicleName } from './vehicle-name';

const SEARCH_PAGE = { pageIndex: 0, pageSize: 20 };

interface Option {
  value: string;
  label: string;
}

interface SearchSelectProps {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The chosen entity's name, so it shows before (or without) any search. */
  selectedLabel: string | undefined;
  options: Option[];
  loading: boolean;
  onSearch: (text: string) => void;
  onOpen: () => void;
}

/** A picker that searches the service as the user types instead of loading every record. */
function SearchSelect({
  label,
  placeholder,
  value,
  onChange,
  selectedLabel,
  options,
  loading,
  onSearch,
  onOpen,
}: SearchSelectProps) {
  const { t } = useLingui();
  const data = useMemo(() => {
    const withSelected =
      value && !options.some((option) => option.value === value)
        ? [{ value, label: selectedLabel ?? t`Loading…` }, ...options]
        : options;
    return withSelected;
  }, [options, value, selectedLabel, t]);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      value={value}
      onChange={onChange}
      data={data}
      // The service already filtered by the typed text.
      filter={({ options: all }) => all}
      onSearchChange={onSearch}
      onDropdownOpen={onOpen}
      nothingFoundMessage={loading ? t`Searching…` : t`Nothing found`}
      w={220}
    />
  );
}

export function DriverFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (driverId: string | undefined) => void;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [debouncedText] = useDebouncedValue(searchText.trim(), 300);
  const list = useQuery({
    ...userListQueryOptions({ page: SEARCH_PAGE, searchText: debouncedText || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const selected = useQuery({ ...userDetailQueryOptions(value ?? ''), enabled: !!value });
  const options = useMemo(
    () =>
      (list.data?.items ?? []).map((user) => ({
        value: user.userId,
        label: personName(user.firstName, user.lastName) ?? user.username ?? user.userId,
      })),
    [list.data],
  );
  return (
    <SearchSelect
      label={t`Driver`}
      placeholder={t`Any driver`}
      value={value ?? null}
      onChange={(driverId) => onChange(driverId ?? undefined)}
      selectedLabel={
        selected.data
          ? (personName(selected.data.firstName, selected.data.lastName) ?? undefined)
          : undefined
      }
      options={options}
      loading={list.isFetching}
      onSearch={setSearchText}
      onOpen={() => setOpened(true)}
    />
  );
}

export function VehicleFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (vehicleId: string | undefined) => void;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [debouncedText] = useDebouncedValue(searchText.trim(), 300);
  const list = useQuery({
    ...vehicleListQueryOptions({ page: SEARCH_PAGE, name: debouncedText || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const selectedName = useVehicleName(value);
  const options = useMemo(
    () => (list.data?.items ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.name })),
    [list.data],
  );
  return (
    <SearchSelect
      label={t`Vehicle`}
      placeholder={t`Any vehicle`}
      value={value ?? null}
      onChange={(vehicleId) => onChange(vehicleId ?? undefined)}
      selectedLabel={selectedName.data}
      options={options}
      loading={list.isFetching}
      onSearch={setSearchText}
      onOpen={() => setOpened(true)}
    />
  );
}
