import '@mantine/dates/styles.layer.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Checkbox,
  Collapse,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  Stack,
} from '@mantine/core';
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import type { SafetyDateOption } from '@/api/safety-events';
import { GroupPicker } from '@/components/group-picker';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { addLocalDays, toLocalDateString } from '@/lib/local-date';
import { DriverFilter, VehicleFilter } from './entity-filters';
import classes from './event-filters.module.css';
import {
  DEFAULT_DATE_OPTION,
  DEFAULT_SORT_BY,
  DEFAULT_SORT_DIRECTION,
  resolveDayRange,
  type EventsSearch,
} from './events-search';
import type { LookupList, SafetyLookups } from './use-safety-lookups';

export type FiltersPatch = Partial<EventsSearch>;

const dateOptionData: { value: SafetyDateOption; label: MessageDescriptor }[] = [
  { value: 'recordDate', label: msg`Record time` },
  { value: 'lastUpdatedDate', label: msg`Last update` },
];

const orderData: { value: string; label: MessageDescriptor }[] = [
  { value: 'recordDate desc', label: msg`Newest recording first` },
  { value: 'recordDate asc', label: msg`Oldest recording first` },
  { value: 'lastUpdatedDate desc', label: msg`Latest update first` },
  { value: 'lastUpdatedDate asc', label: msg`Earliest update first` },
];

/** Option lists with their labels in the chosen language. */
const translated = (i18n: I18n, data: readonly { value: string; label: MessageDescriptor }[]) =>
  data.map(({ value, label }) => ({ value, label: i18n._(label) }));

function daysAgo(today: Date, days: number): string {
  return toLocalDateString(addLocalDays(today, -days));
}

function rangePresets(i18n: I18n, today: Date): DatePickerPreset<'range'>[] {
  const last = toLocalDateString(today);
  return [
    { value: [last, last], label: i18n._(msg`Today`) },
    { value: [daysAgo(today, 1), daysAgo(today, 1)], label: i18n._(msg`Yesterday`) },
    { value: [daysAgo(today, 6), last], label: i18n._(msg`Last 7 days`) },
    { value: [daysAgo(today, 13), last], label: i18n._(msg`Last 14 days`) },
    { value: [daysAgo(today, 29), last], label: i18n._(msg`Last 30 days`) },
    { value: [daysAgo(today, 59), last], label: i18n._(msg`Last 60 days`) },
  ];
}

const toIds = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);
const toValues = (ids: number[] | undefined) => (ids ?? []).map(String);

/** The queue's filters; every change goes to the URL through `onChange`. */
export function EventFilters({
  search,
  onChange,
  onClear,
  lookups,
  today,
}: {
  search: EventsSearch;
  onChange: (patch: FiltersPatch) => void;
  onClear: () => void;
  lookups: SafetyLookups;
  today: Date;
}) {
  const { t, i18n } = useLingui();
  const moreCount = [
    search.subtypes,
    search.risks,
    search.driverId,
    search.vehicleId,
    search.deviceId,
  ].filter(Boolean).length;
  const [moreOpen, more] = useDisclosure(moreCount > 0);
  // Clearing remounts the typed device filter; its own debounced commits must not.
  const [clearCount, setClearCount] = useState(0);
  const range = resolveDayRange(search, today);

  return (
    <Stack gap="sm">
      {/* Lined up by their labels: a picker holding several values grows downwards only. */}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DateRangeFilter
          // A new range from the URL starts a fresh draft.
          key={`${range.fromDay}/${range.toDay}`}
          fromDay={range.fromDay}
          toDay={range.toDay}
          today={today}
          onChange={(from, to) => onChange({ from, to })}
        />
        <Select
          label={t`Dates apply to`}
          data={translated(i18n, dateOptionData)}
          value={search.dateOption ?? DEFAULT_DATE_OPTION}
          allowDeselect={false}
          onChange={(value) =>
            onChange({
              dateOption:
                value === DEFAULT_DATE_OPTION || !value ? undefined : (value as SafetyDateOption),
            })
          }
          w={150}
        />
        <LookupFilter
          label={t`Trigger`}
          list={lookups.triggers}
          value={search.triggers}
          onChange={(triggers) => onChange({ triggers })}
        />
        <LookupFilter
          label={t`Status`}
          list={lookups.statuses}
          value={search.statuses}
          onChange={(statuses) => onChange({ statuses })}
        />
        <LookupFilter
          label={t`Behaviour`}
          list={lookups.behaviors}
          value={search.behaviors}
          onChange={(behaviors) => onChange({ behaviors })}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <GroupPicker
          label={t`Group`}
          value={search.groupId ?? null}
          onChange={(groupId) => onChange({ groupId: groupId ?? undefined, subgroups: undefined })}
          w={260}
        />
        <Checkbox
          label={t`Include subgroups`}
          checked={search.subgroups !== false}
          disabled={!search.groupId}
          onChange={(event) =>
            onChange({ subgroups: event.currentTarget.checked ? undefined : false })
          }
          mb={8}
        />
        <Select
          label={t`Order`}
          data={translated(i18n, orderData)}
          value={`${search.sortBy ?? DEFAULT_SORT_BY} ${search.sortDirection ?? DEFAULT_SORT_DIRECTION}`}
          allowDeselect={false}
          onChange={(value) => {
            const [sortBy, sortDirection] = (value ?? '').split(' ');
            onChange({
              sortBy: sortBy === DEFAULT_SORT_BY ? undefined : (sortBy as SafetyDateOption),
              sortDirection:
                sortDirection === DEFAULT_SORT_DIRECTION
                  ? undefined
                  : (sortDirection as 'asc' | 'desc'),
            });
          }}
          w={220}
        />
        <Button
          variant="subtle"
          onClick={more.toggle}
          aria-expanded={moreOpen}
          aria-controls="event-more-filters"
          rightSection={
            moreCount > 0 ? (
              <Badge size="sm" circle>
                {moreCount}
              </Badge>
            ) : undefined
          }
        >
          {moreOpen ? t`Fewer filters` : t`More filters`}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setClearCount((count) => count + 1);
            onClear();
          }}
        >
          {t`Clear filters`}
        </Button>
      </Group>
      <Collapse expanded={moreOpen} id="event-more-filters">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Fieldset
            legend={t`Filtered in your browser over the loaded events`}
            variant="filled"
            p="xs"
          >
            <Group gap="sm" align="flex-start">
              <LookupFilter
                label={t`Trigger subtype`}
                list={lookups.subtypes}
                value={search.subtypes}
                onChange={(subtypes) => onChange({ subtypes })}
              />
              <LookupFilter
                label={t`Dynamic risk`}
                list={lookups.risks}
                value={search.risks}
                onChange={(risks) => onChange({ risks })}
              />
            </Group>
          </Fieldset>
          <Group gap="sm" align="flex-end" pt="xs">
            <DriverFilter value={search.driverId} onChange={(driverId) => onChange({ driverId })} />
            <VehicleFilter
              value={search.vehicleId}
              onChange={(vehicleId) => onChange({ vehicleId })}
            />
            <ListTextFilter
              key={clearCount}
              label={t`Device`}
              placeholder={t`Serial number or device ID`}
              value={search.deviceId}
              onChange={(deviceId) => onChange({ deviceId })}
              maxLength={50}
              width={220}
            />
          </Group>
        </Group>
      </Collapse>
    </Stack>
  );
}

function LookupFilter({
  label,
  list,
  value,
  onChange,
}: {
  label: string;
  list: LookupList;
  value: number[] | undefined;
  onChange: (ids: number[] | undefined) => void;
}) {
  const { t } = useLingui();
  return (
    <MultiSelect
      label={label}
      placeholder={value?.length ? undefined : t`Any`}
      data={list.options}
      value={toValues(value)}
      onChange={(values) => onChange(toIds(values))}
      searchable
      clearable
      hidePickedOptions
      maxValues={50}
      w={220}
      classNames={{ pill: classes.pill, inputField: classes.field }}
    />
  );
}

function DateRangeFilter({
  fromDay,
  toDay: lastDay,
  today,
  onChange,
}: {
  fromDay: string;
  toDay: string;
  today: Date;
  onChange: (from: string, to: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<[string | null, string | null]>([fromDay, lastDay]);
  return (
    <DatePickerInput
      type="range"
      label={t`Date range`}
      value={draft}
      onChange={(value) => {
        const [from, to] = value;
        setDraft([from, to]);
        // The first click only starts a range; the queue changes once both ends are picked.
        if (from && to) onChange(from, to);
      }}
      presets={rangePresets(i18n, today)}
      allowSingleDateInRange
      maxDate={toLocalDateString(today)}
      valueFormat="MMM D, YYYY"
      w={250}
    />
  );
}
