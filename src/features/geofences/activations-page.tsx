import '@mantine/dates/styles.layer.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { collectionGeofences, listGeofenceActivations } from '@/api/geofences';
import { vehicleDetailQueryOptions, vehicleListQueryOptions } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { useListController } from '@/components/list/use-list-controller';
import { useListUrl, useStayWithinPages } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { formatDateTime, parseDateTime } from '@/lib/format';
import {
  activationRowPage,
  describeDuration,
  endReasonText,
  minutesInside,
  vehicleLabel,
  type ActivationRow,
} from './activation-rows';
import { activationListParams, DEFAULT_ACTIVATIONS_PAGE_SIZE } from './activations-search';
import { geofenceCollectionQuery } from './geofence-collection-query';
import { useActivationRows } from './use-activation-rows';

const route = getRouteApi('/_auth/geofences/activations');

/** The service states no largest page; 500 activations a request keeps each answer quick. */
const ACTIVATION_EXPORT_PAGE_SIZE = 500;

/** /geofences/activations: when vehicles entered and left geofences, filtered and paged. */
export function ActivationsPage() {
  const { t } = useLingui();
  const stillInside = t`Still inside`;
  const url = useListUrl(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_ACTIVATIONS_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  const listParams = activationListParams(search);
  const { list, reasons } = useActivationRows(listParams, {
    keepPreviousRows: true,
  });
  useStayWithinPages(url, list.isPlaceholderData ? undefined : list.data);
  const filtered = Boolean(search.geofenceId || search.vehicleId || search.from || search.to);

  // The service sorts by start time only, so the other columns sort the page shown.
  const columns: ListColumn<ActivationRow>[] = [
    {
      accessor: 'geofence',
      title: t`Geofence`,
      render: ({ activation }) =>
        activation.geofenceId ? (
          <AnchorLink to="/geofences" search={{ selected: activation.geofenceId }} size="sm">
            {activation.geofenceName ?? t`Unnamed geofence`}
          </AnchorLink>
        ) : (
          (activation.geofenceName ?? '—')
        ),
      sortValue: ({ activation }) => activation.geofenceName,
      exportValue: ({ activation }) =>
        activation.geofenceName ?? (activation.geofenceId ? t`Unnamed geofence` : null),
    },
    {
      accessor: 'vehicle',
      title: t`Vehicle`,
      render: ({ vehicle }) => {
        const { vin } = vehicle;
        return (
          <>
            <Text size="sm">{vehicleLabel(vehicle)}</Text>
            {vin && (
              <Text size="xs" c="dimmed">
                <Trans>VIN {vin}</Trans>
              </Text>
            )}
          </>
        );
      },
      sortValue: ({ vehicle }) => vehicleLabel(vehicle),
      exportValue: ({ vehicle }) => vehicleLabel(vehicle),
    },
    {
      accessor: 'entered',
      title: t`Entered`,
      render: ({ activation }) => formatDateTime(activation.activationStartDate),
      sortValue: ({ activation }) => parseDateTime(activation.activationStartDate),
      exportValue: ({ activation }) => parseDateTime(activation.activationStartDate),
    },
    {
      accessor: 'left',
      title: t`Left`,
      visibleMediaQuery: '(min-width: 48em)',
      render: ({ activation }) =>
        activation.activationEndDate ? (
          formatDateTime(activation.activationEndDate)
        ) : (
          <Badge color="green" variant="light">
            {stillInside}
          </Badge>
        ),
      sortValue: ({ activation }) => parseDateTime(activation.activationEndDate),
      exportValue: ({ activation }) =>
        activation.activationEndDate ? parseDateTime(activation.activationEndDate) : stillInside,
    },
    {
      accessor: 'duration',
      title: t`Time inside`,
      visibleMediaQuery: '(min-width: 48em)',
      render: ({ activation }) =>
        describeDuration(activation.activationStartDate, activation.activationEndDate),
      sortValue: ({ activation }) =>
        minutesInside(activation.activationStartDate, activation.activationEndDate),
      exportValue: ({ activation }) =>
        describeDuration(activation.activationStartDate, activation.activationEndDate),
    },
    {
      accessor: 'endReason',
      title: t`End reason`,
      visibleMediaQuery: '(min-width: 48em)',
      render: ({ activation }) => endReasonText(activation, reasons),
      sortValue: ({ activation }) => endReasonText(activation, reasons),
      exportValue: ({ activation }) => endReasonText(activation, reasons),
    },
  ];

  const listController = useListController<ActivationRow>({
    label: t`Geofence activations`,
    noun: t`activations`,
    storeKey: 'geofence-activations',
    list,
    columns,
    idAccessor: (row) => row.activation.activationId,
    paging: url,
    filtered,
    clearFilters: () =>
      setFilters({
        geofenceId: undefined,
        vehicleId: undefined,
        from: undefined,
        to: undefined,
      }),
    exportAll: {
      fetchPage: async (page, signal) =>
        activationRowPage(await listGeofenceActivations({ ...listParams, page }, signal)),
      pageSize: ACTIVATION_EXPORT_PAGE_SIZE,
    },
  });
  return (
    <Stack>
      <PageHeader
        title={t`Geofence activations`}
        description={t`Each time a vehicle entered a geofence, how long it stayed and why the activation ended.`}
        actions={
          <Button variant="default" component={Link} to="/geofences">
            <Trans>Back to the map</Trans>
          </Button>
        }
      />
      <DataList<ActivationRow>
        controller={listController}
        filters={
          <>
            <GeofenceFilter
              value={search.geofenceId ?? null}
              onChange={(geofenceId) => setFilters({ geofenceId: geofenceId ?? undefined })}
            />
            <VehicleFilter
              value={search.vehicleId ?? null}
              onChange={(vehicleId) => setFilters({ vehicleId: vehicleId ?? undefined })}
            />
            <DatePickerInput
              type="range"
              label={t`Time range`}
              placeholder={t`Any time`}
              clearable
              allowSingleDateInRange
              value={[search.from ?? null, search.to ?? null]}
              onChange={([from, to]) => {
                // A range is applied once both ends are picked (or both cleared).
                if (Boolean(from) !== Boolean(to)) return;
                setFilters({ from: from ?? undefined, to: to ?? undefined });
              }}
              w={260}
            />
          </>
        }
      />
    </Stack>
  );
}

/** Every geofence by name (the list the map page also uses, so it is usually cached). */
function GeofenceFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (geofenceId: string | null) => void;
}) {
  const { t } = useLingui();
  const query = useQuery(geofenceCollectionQuery({}));
  const options = useMemo(
    () =>
      (query.data ? collectionGeofences(query.data) : []).map((geofence) => ({
        value: geofence.geofenceId,
        label: geofence.name ?? geofence.geofenceId,
      })),
    [query.data],
  );
  return (
    <Select
      label={t`Geofence`}
      placeholder={
        query.isPending || (query.isFetching && query.data?.complete === false)
          ? t`Loading geofences…`
          : t`Any geofence`
      }
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t`No geofence matches`}
      description={query.error ? t`The geofence list could not be loaded.` : undefined}
      limit={100}
      w={300}
    />
  );
}

/** Vehicles are searched on the service by name: a fleet can have tens of thousands. */
function VehicleFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (vehicleId: string | null) => void;
}) {
  const { t } = useLingui();
  const [searchValue, setSearchValue] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchValue.trim(), 300);
  const listQuery = useQuery({
    ...vehicleListQueryOptions({
      page: { pageIndex: 0, pageSize: 50 },
      name: debouncedSearch || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const selectedQuery = useQuery({
    ...vehicleDetailQueryOptions(value ?? ''),
    enabled: value !== null,
  });
  const options = useMemo(() => {
    const vehicles = [...(listQuery.data?.items ?? [])];
    const selected = selectedQuery.data;
    if (selected) vehicles.unshift(selected);
    // One option per vehicle, even when the service lists one twice.
    const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle] as const));
    return [...byId.values()].map((vehicle) => ({ value: vehicle.id, label: vehicle.name }));
  }, [listQuery.data, selectedQuery.data]);
  return (
    <Select
      label={t`Vehicle`}
      placeholder={t`Any vehicle`}
      searchable
      clearable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      // The service has already matched the name.
      filter={({ options: matched }) => matched}
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={listQuery.isFetching ? t`Searching…` : t`No vehicle matches`}
      description={listQuery.error ? t`The vehicle list could not be loaded.` : undefined}
      w={260}
    />
  );
}
