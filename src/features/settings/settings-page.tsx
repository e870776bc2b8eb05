import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { LanguageSection } from './language-section';

const subApiLabels: Record<SubApiName, MessageDescriptor> = {
  users: msg`Users`,
  groups: msg`Groups`,
  devices: msg`Devices`,
  vehicles: msg`Vehicles`,
  safety: msg`Safety events`,
  geofences: msg`Geofences`,
  driverAssignments: msg`Driver assignments and dispatch`,
};

const colorSchemes: { value: MantineColorScheme; label: MessageDescriptor }[] = [
  { value: 'light', label: msg`Light` },
  { value: 'dark', label: msg`Dark` },
  { value: 'auto', label: msg`Follow the system` },
];

export function SettingsPage() {
  const { t } = useLingui();
  return (
    <Stack maw={880}>
      <PageHeader
        title={t`Settings`}
        description={t`The legacy ECM API key, appearance, units and where the console sends its requests.`}
      />
      <LanguageSection />
      <EcmAccessSection />
      <AppearanceSection />
      <UnitsSection />
      <ServiceAddressesSection />
    </Stack>
  );
}

function AppearanceSection() {
  const { i18n } = useLingui();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="appearance-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="appearance-title">
          <Trans>Appearance</Trans>
        </Title>
        <Text size="sm" id="color-scheme-label">
          <Trans>Theme</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          data={colorSchemes.map((option) => ({ ...option, label: i18n._(option.label) }))}
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

const distanceUnits: { value: DistanceUnit; label: MessageDescriptor }[] = [
  { value: 'km', label: msg`Kilometres` },
  { value: 'mi', label: msg`Miles` },
];
const clockFormats: { value: ClockFormat; label: MessageDescriptor }[] = [
  { value: '12h', label: msg`12-hour` },
  { value: '24h', label: msg`24-hour` },
];
const timeZoneChoices = (): { value: EventTimeZone; label: MessageDescriptor }[] => {
  const zone = browserTimeZone();
  return [
    { value: 'mine', label: msg`This browser's (${zone})` },
    { value: 'chosen', label: msg`A chosen zone` },
    { value: 'event', label: msg`Where the event happened` },
  ];
};

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
  const { t, i18n } = useLingui();
  const preferences = useDisplayPreferences();
  const previewTime = formatDateTime(PREVIEW_TIME);
  const previewSpeed = formatSpeed(PREVIEW_SPEED_METRES_PER_SECOND);
  const previewDistance = formatDistance(PREVIEW_DISTANCE_KM);
  // Side by side the longest choices do not fit a phone's width.
  const stacked = useMediaQuery('(max-width: 30em)') ?? false;
  const choice = <T extends string>(
    id: string,
    label: string,
    options: { value: T; label: MessageDescriptor }[],
    value: T,
    onChange: (value: T) => void,
  ) => (
    <Stack gap={4}>
      <Text size="sm" id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={options.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
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
          <Trans>Units and time</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Used on every page: events, vehicles, scorecards, maps and the files the console writes.
            Kept in this browser.
          </Trans>
        </Text>
        {choice(
          'distance-unit-label',
          t`Distances and speeds`,
          distanceUnits,
          preferences.distance,
          (distance) => setDisplayPreferences({ distance }),
        )}
        {choice('clock-format-label', t`Clock`, clockFormats, preferences.clock, (clock) =>
          setDisplayPreferences({ clock }),
        )}
        {choice(
          'event-time-zone-label',
          t`Time zone for every time, safety events included`,
          timeZoneChoices(),
          preferences.eventTimeZone,
          (eventTimeZone) => setDisplayPreferences({ eventTimeZone }),
        )}
        {preferences.eventTimeZone === 'chosen' && (
          <Select
            label={t`Chosen time zone`}
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
            nothingFoundMessage={t`No zone of that name`}
            w={320}
          />
        )}
        {preferences.eventTimeZone === 'event' && (
          <Text size="sm" c="dimmed">
            <Trans>
              Times that belong to no event (notes, changes, refreshes) stay in this browser's zone.
            </Trans>
          </Text>
        )}
        <Text size="sm" aria-live="polite">
          <Trans>
            For example: {previewTime} · {previewSpeed} · {previewDistance}
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

function ServiceAddressesSection() {
  const { t, i18n } = useLingui();
  const { config, demo } = useRuntime();
  const rows: [string, string][] = [
    [t`Sign-in`, config.authUrl],
    ...subApiNames.map((name): [string, string] => [
      i18n._(subApiLabels[name]),
      serviceBaseUrl(name),
    ]),
    ...config.ecmDeployments.map((deployment): [string, string] => {
      const deploymentLabel = deployment.label;
      return [t`Legacy ECM, ${deploymentLabel}`, deployment.baseUrl];
    }),
    [t`Map tiles`, config.map.tileUrl],
    [t`Place search`, config.geocoderUrl ?? t`Not set up`],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="addresses-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="addresses-title">
          <Trans>Service addresses</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>From the runtime configuration (config.json), read when the console starts.</Trans>{' '}
          {demo
            ? t`In demo mode the built-in demo service answers these addresses inside the browser.`
            : t`Change them there; they cannot be edited here.`}
        </Text>
        <FieldTable
          label={t`Service addresses`}
          labelWidth={280}
          rows={rows.map(([label, address]) => [label, <Code key={label}>{address}</Code>])}
        />
      </Stack>
    </Paper>
  );
}
