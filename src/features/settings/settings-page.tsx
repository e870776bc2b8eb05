import {
  Code,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRuntime } from '@/api/runtime-context';
import { serviceBaseUrl } from '@/api/transport';
import { FieldTable } from '@/components/field-table';
import { PageHeader } from '@/components/page-header';
import { subApiNames, type SubApiName } from '@/config/config-schema';
import {
  browserTimeZone,
  setDisplayPreferences,
  useDisplayPreferences,
  type ClockFormat,
  type DistanceUnit,
  type EventTimeZone,
} from '@/lib/display-preferences';
import { formatDateTime, formatDistance, formatSpeed } from '@/lib/format';
import { rankTimeZones } from '@/lib/time-zone-search';
import { EcmAccessSection } from './ecm-access-section';

const subApiLabels: Record<SubApiName, string> = {
  users: 'Users',
  groups: 'Groups',
  devices: 'Devices',
  vehicles: 'Vehicles',
  safety: 'Safety events',
  geofences: 'Geofences',
  driverAssignments: 'Driver assignments and dispatch',
};

const colorSchemes: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Follow the system' },
];

export function SettingsPage() {
  return (
    <Stack maw={880}>
      <PageHeader
        title="Settings"
        description="The legacy ECM API key, appearance, units and where the console sends its requests."
      />
      <EcmAccessSection />
      <AppearanceSection />
      <UnitsSection />
      <ServiceAddressesSection />
    </Stack>
  );
}

function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="appearance-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="appearance-title">
          Appearance
        </Title>
        <Text size="sm" id="color-scheme-label">
          Theme
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          data={colorSchemes}
          value={colorScheme}
          onChange={(value) => {
            const scheme = colorSchemes.find((option) => option.value === value);
            if (scheme) setColorScheme(scheme.value);
          }}
          w="fit-content"
        />
      </Stack>
    </Paper>
  );
}

const distanceUnits: { value: DistanceUnit; label: string }[] = [
  { value: 'km', label: 'Kilometres' },
  { value: 'mi', label: 'Miles' },
];
const clockFormats: { value: ClockFormat; label: string }[] = [
  { value: '12h', label: '12-hour' },
  { value: '24h', label: '24-hour' },
];
const timeZoneChoices = (): { value: EventTimeZone; label: string }[] => [
  { value: 'mine', label: `This browser's (${browserTimeZone()})` },
  { value: 'chosen', label: 'A chosen zone' },
  { value: 'event', label: 'Where the event happened' },
];

let knownTimeZones: string[] | null = null;
/** Every IANA zone this browser knows, listed once. */
function allTimeZones(): string[] {
  knownTimeZones ??= Intl.supportedValuesOf('timeZone');
  return knownTimeZones;
}

/** An example instant for the preview: a fixed afternoon, so the clock choice shows. */
const PREVIEW_TIME = '2026-03-03T14:05:00';
const PREVIEW_SPEED_METRES_PER_SECOND = 26.8224;
const PREVIEW_DISTANCE_KM = 160.9344;

function UnitsSection() {
  const preferences = useDisplayPreferences();
  // Side by side the longest choices do not fit a phone's width.
  const stacked = useMediaQuery('(max-width: 30em)') ?? false;
  const choice = <T extends string>(
    id: string,
    label: string,
    options: { value: T; label: string }[],
    value: T,
    onChange: (value: T) => void,
  ) => (
    <Stack gap={4}>
      <Text size="sm" id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={options}
        value={value}
        onChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onChange(option.value);
        }}
        orientation={stacked ? 'vertical' : 'horizontal'}
        w="fit-content"
      />
    </Stack>
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="units-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="units-title">
          Units and time
        </Title>
        <Text size="sm" c="dimmed">
          Used on every page: events, vehicles, scorecards, maps and the files the console writes.
          Kept in this browser.
        </Text>
        {choice(
          'distance-unit-label',
          'Distances and speeds',
          distanceUnits,
          preferences.distance,
          (distance) => setDisplayPreferences({ distance }),
        )}
        {choice('clock-format-label', 'Clock', clockFormats, preferences.clock, (clock) =>
          setDisplayPreferences({ clock }),
        )}
        {choice(
          'event-time-zone-label',
          'Time zone for every time, safety events included',
          timeZoneChoices(),
          preferences.eventTimeZone,
          (eventTimeZone) => setDisplayPreferences({ eventTimeZone }),
        )}
        {preferences.eventTimeZone === 'chosen' && (
          <Select
            label="Chosen time zone"
            data={allTimeZones()}
            value={preferences.chosenTimeZone}
            onChange={(chosenTimeZone) => {
              if (chosenTimeZone) setDisplayPreferences({ chosenTimeZone });
            }}
            searchable
            // City names with spaces, abbreviations (PST) and common names (Eastern) find zones too.
            filter={({ options, search }) => {
              const order = rankTimeZones(allTimeZones(), search);
              const byZone = new Map(
                options.flatMap((option) => ('value' in option ? [[option.value, option]] : [])),
              );
              return order.flatMap((zone) => byZone.get(zone) ?? []);
            }}
            allowDeselect={false}
            nothingFoundMessage="No zone of that name"
            w={320}
          />
        )}
        {preferences.eventTimeZone === 'event' && (
          <Text size="sm" c="dimmed">
            Times that belong to no event (notes, changes, refreshes) stay in this browser's zone.
          </Text>
        )}
        <Text size="sm" aria-live="polite">
          For example: {formatDateTime(PREVIEW_TIME)} ·{' '}
          {formatSpeed(PREVIEW_SPEED_METRES_PER_SECOND)} · {formatDistance(PREVIEW_DISTANCE_KM)}
        </Text>
      </Stack>
    </Paper>
  );
}

function ServiceAddressesSection() {
  const { config, demo } = useRuntime();
  const rows: [string, string][] = [
    ['Sign-in', config.authUrl],
    ...subApiNames.map((name): [string, string] => [subApiLabels[name], serviceBaseUrl(name)]),
    ...config.ecmDeployments.map((deployment): [string, string] => [
      `Legacy ECM, ${deployment.label}`,
      deployment.baseUrl,
    ]),
    ['Map tiles', config.map.tileUrl],
    ['Place search', config.geocoderUrl ?? 'Not set up'],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="addresses-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="addresses-title">
          Service addresses
        </Title>
        <Text size="sm" c="dimmed">
          From the runtime configuration (config.json), read when the console starts.{' '}
          {demo
            ? 'In demo mode the built-in demo service answers these addresses inside the browser.'
            : 'Change them there; they cannot be edited here.'}
        </Text>
        <FieldTable
          label="Service addresses"
          labelWidth={280}
          rows={rows.map(([label, address]) => [label, <Code key={label}>{address}</Code>])}
        />
      </Stack>
    </Paper>
  );
}
