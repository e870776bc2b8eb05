import {
  Code,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { serviceBaseUrl } from '@/api/client';
import { subApiNames, type SubApiName } from '@/config/config-schema';
import { PageHeader } from '@/components/page-header';
import { useRuntime } from '@/lib/runtime-context';
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
        description="The legacy ECM API key, appearance and where the console sends its requests."
      />
      <EcmAccessSection />
      <AppearanceSection />
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
        <Table variant="vertical" layout="fixed" withTableBorder aria-labelledby="addresses-title">
          <Table.Tbody>
            {rows.map(([label, address]) => (
              <Table.Tr key={label}>
                <Table.Th w={280}>{label}</Table.Th>
                <Table.Td>
                  <Code style={{ wordBreak: 'break-all' }}>{address}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
