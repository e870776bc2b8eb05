import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { describeError } from '@/api/api-error';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useCreateVehicleMutation } from '@/api/vehicles';
import { ChangeButton } from '@/components/change-control';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { useCountrySubdivisions } from './use-vehicle-lookups';
import {
  emptyVehicleForm,
  validateVehicleForm,
  vehicleCreateRequest,
  type VehicleFormValues,
} from './vehicle-form';
import { useCameraChoice, VehicleFormFields } from './vehicle-form-fields';

export function VehicleCreatePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const createVehicle = useCreateVehicleMutation();
  const form = useForm<VehicleFormValues>({
    mode: 'controlled',
    initialValues: emptyVehicleForm(),
    validate: (values) => validateVehicleForm(values),
  });
  useUnsavedWork(form.isDirty());
  const subdivisions = useCountrySubdivisions(form.values.country);
  const camera = useCameraChoice(form.values.deviceSerialNumber.trim(), '');

  const submit = form.onSubmit((values) => {
    // The field already says why this camera cannot be put here.
    if (camera.refusal) return;
    createVehicle.mutate(vehicleCreateRequest(values, subdivisions.idByCode), {
      onSuccess: ({ vehicleId }) => {
        const addedName = values.name.trim();
        notifications.show({
          color: 'green',
          message: (
            <Trans>
              <UserText>{addedName}</UserText> was added.
            </Trans>
          ),
        });
        void navigate({ to: '/vehicles/$vehicleId', params: { vehicleId } });
      },
    });
  });

  return (
    <Stack maw={880}>
      <PageHeader
        title={t`New vehicle`}
        description={t`Name and group are required; the rest can follow.`}
      />
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-label={t`New vehicle`}>
          <Stack>
            <VehicleFormFields form={form} camera={camera} />
            {createVehicle.error && (
              <Alert color="red" title={t`The vehicle was not created`} role="alert">
                {describeError(createVehicle.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/vehicles">
                <Trans>Cancel</Trans>
              </Button>
              <ChangeButton type="submit" loading={createVehicle.isPending}>
                <Trans>Create vehicle</Trans>
              </ChangeButton>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
