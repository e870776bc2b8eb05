import { Trans, useLingui } from '@lingui/react/macro';
import { ColorInput, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import type { Geofence } from '@/api/geofences';
import {
  describeGeofenceSchedule,
  sentSettingsKnown,
  type GeofenceFormValues,
} from './geofence-form';

const SWATCHES = [
  '#1C7ED6',
  '#0B7285',
  '#2B8A3E',
  '#E67700',
  '#C92A2A',
  '#862E9C',
  '#5F3DC4',
  '#495057',
];

/** What a geofence watches for and how it shows: alert side, colour, schedule and switches. */
export function GeofenceBehaviourFields({
  form,
  geofence,
  readOnly,
}: {
  form: UseFormReturnType<GeofenceFormValues>;
  /** Null for a geofence not saved yet. */
  geofence: Geofence | null;
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const settingsHeadingId = useId();
  // The service reports none of the three switches: say where their state comes from, in a line.
  const settingsNote =
    !geofence || readOnly
      ? null
      : sentSettingsKnown(geofence.geofenceId)
        ? t`As last saved from this browser.`
        : t`Not reported by the service: saving sets them as shown.`;
  const schedule = geofence ? describeGeofenceSchedule(geofence) : null;

  return (
    <>
      <Radio.Group label={t`Alert when vehicles are`} {...form.getInputProps('watch')}>
        <Group mt={4}>
          <Radio value="inside" label={t`Inside the area`} />
          <Radio value="outside" label={t`Outside the area`} />
        </Group>
      </Radio.Group>
      <ColorInput
        label={t`Colour`}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={8}
        withEyeDropper={false}
        {...form.getInputProps('color')}
      />
      {schedule && (
        <Text size="sm">
          <Text span fw={500}>
            <Trans>In effect:</Trans>
          </Text>{' '}
          {schedule}
        </Text>
      )}
      <Stack gap={6} role="group" aria-labelledby={settingsHeadingId}>
        <Text id={settingsHeadingId} size="sm" fw={500}>
          <Trans>Settings</Trans>
        </Text>
        {settingsNote && (
          <Text size="xs" c="dimmed">
            {settingsNote}
          </Text>
        )}
        <Switch label={t`Active`} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Switch
          label={t`Visible on maps`}
          {...form.getInputProps('visible', { type: 'checkbox' })}
        />
        <Switch label={t`Inclusive`} {...form.getInputProps('inclusive', { type: 'checkbox' })} />
      </Stack>
    </>
  );
}
