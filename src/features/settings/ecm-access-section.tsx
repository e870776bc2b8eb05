import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { describeEcmError, ecmKeys, listEcmVehicles } from '@/api/ecm';
import { useRuntime } from '@/api/runtime-context';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useConfirmation } from '@/components/confirm-dialog';
import { demoEcmApiKey } from '@/config/demo-accounts';
import {
  clearEcmAccessSettings,
  CUSTOM_DEPLOYMENT_ID,
  getEcmAccessSettings,
  resolveEcmAccess,
  saveEcmAccessSettings,
  useEcmAccessSettings,
  type EcmAccessSettings,
} from '@/lib/ecm-access';
import { ecmAccessChanged, normalizeEcmAccess, validateEcmAccess } from './ecm-access-form';

/** The legacy ECM API key and regional deployment, kept in this browser's local storage. */
export function EcmAccessSection() {
  const { t } = useLingui();
  const { config, demo } = useRuntime();
  const saved = useEcmAccessSettings();
  const queryClient = useQueryClient();
  const { confirm, confirmationDialog } = useConfirmation();
  const [keyVisible, setKeyVisible] = useState(false);
  const defaultDeploymentId = config.ecmDeployments[0]?.id ?? CUSTOM_DEPLOYMENT_ID;
  // The entered key is tried as it stands and saved only once the legacy API accepted it.
  const testConnection = useMutation({
    mutationFn: async (values: EcmAccessSettings) => {
      const access = resolveEcmAccess(config.ecmDeployments, values);
      if (!access) throw new Error(t`Enter an API key and a deployment address first.`);
      return listEcmVehicles({ pageIndex: 0, pageSize: 1 }, undefined, access);
    },
  });
  /** Set while the form takes the stored values, which must not clear the test's result. */
  const storingRef = useRef(false);
  const form = useForm<EcmAccessSettings>({
    mode: 'controlled',
    initialValues: { ...saved, deploymentId: saved.deploymentId || defaultDeploymentId },
    validate: validateEcmAccess,
    // A result for other values would mislead.
    onValuesChange: () => {
      if (!storingRef.current) testConnection.reset();
    },
  });
  useUnsavedWork(ecmAccessChanged(saved, form.values));

  const deploymentOptions = [
    ...config.ecmDeployments.map((deployment) => ({
      value: deployment.id,
      label: deployment.label,
    })),
    { value: CUSTOM_DEPLOYMENT_ID, label: t`Custom address` },
  ];
  const chosenDeployment = config.ecmDeployments.find(
    (deployment) => deployment.id === form.values.deploymentId,
  );
  const testedVehicles = testConnection.data?.total ?? null;
  const savedAccess = resolveEcmAccess(config.ecmDeployments, saved);
  const savedDeploymentLabel =
    saved.deploymentId === CUSTOM_DEPLOYMENT_ID
      ? saved.customBaseUrl
      : (config.ecmDeployments.find((deployment) => deployment.id === saved.deploymentId)?.label ??
        config.ecmDeployments[0]?.label);

  /** Stores the form; cached legacy data belongs to the old key or deployment, so it goes. */
  const store = (values: EcmAccessSettings) => {
    const next = normalizeEcmAccess(values);
    if (ecmAccessChanged(saved, next)) queryClient.removeQueries({ queryKey: ecmKeys.all });
    saveEcmAccessSettings(next);
    storingRef.current = true;
    try {
      form.setValues(next);
      form.resetDirty(next);
    } finally {
      storingRef.current = false;
    }
  };

  const save: Parameters<typeof form.onSubmit>[0] = (values) => {
    store(values);
    notifications.show({
      color: 'green',
      message: testConnection.isSuccess
        ? t`The legacy API settings were saved.`
        : t`The legacy API settings were saved without a test. Test connection checks the key.`,
    });
  };
  // Mantine builds the submit handler when the form is submitted, not while rendering.
  const submit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event);

  const test = () => {
    if (form.validate().hasErrors) return;
    const tested = normalizeEcmAccess(form.values);
    testConnection.mutate(tested, {
      onSuccess: () => {
        if (ecmAccessChanged(getEcmAccessSettings(), tested)) store(tested);
      },
    });
  };

  const removeKey = async () => {
    const confirmed = await confirm({
      title: t`Remove the API key?`,
      message: t`Vehicle pages stop showing location, odometer and engine data until a key is entered again.`,
      confirmLabel: t`Remove key`,
      danger: true,
    });
    if (!confirmed) return;
    clearEcmAccessSettings();
    queryClient.removeQueries({ queryKey: ecmKeys.all });
    const empty = { apiKey: '', deploymentId: defaultDeploymentId, customBaseUrl: '' };
    form.setValues(empty);
    form.resetDirty(empty);
    notifications.show({ message: t`The API key was removed from this browser.` });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ecm-settings-title">
      <form onSubmit={submit} noValidate aria-label={t`Legacy ECM API`}>
        <Stack>
          <Stack gap={2}>
            <Title order={2} size="h4" id="ecm-settings-title">
              <Trans>Legacy ECM API</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Vehicle location, odometer and engine data come from the older ECM API. It takes a
                company API key instead of your sign-in, and each company lives on one regional
                deployment. Both are kept in this browser only.
              </Trans>
            </Text>
            <Text size="sm" aria-live="polite">
              {savedAccess
                ? t`A key is saved for ${savedDeploymentLabel}.`
                : t`No key is saved yet.`}
            </Text>
          </Stack>
          {demo && (
            <Alert color="grape" title={t`Demo mode`} role="note">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  <Trans>
                    The demo service accepts the key <Code>{demoEcmApiKey}</Code> on any deployment.
                  </Trans>
                </Text>
                <Button
                  size="xs"
                  variant="white"
                  color="grape"
                  onClick={() => form.setFieldValue('apiKey', demoEcmApiKey)}
                >
                  <Trans>Use the demo key</Trans>
                </Button>
              </Group>
            </Alert>
          )}
          <PasswordInput
            label={t`API key`}
            required
            autoComplete="off"
            spellCheck={false}
            maw={480}
            visible={keyVisible}
            onVisibilityChange={setKeyVisible}
            visibilityToggleButtonProps={{
              'aria-label': keyVisible ? t`Hide the API key` : t`Show the API key`,
            }}
            {...form.getInputProps('apiKey')}
          />
          <Select
            label={t`Deployment`}
            description={
              chosenDeployment
                ? chosenDeployment.baseUrl
                : t`An address your administrator or the vendor gave you`
            }
            data={deploymentOptions}
            allowDeselect={false}
            maw={480}
            {...form.getInputProps('deploymentId')}
          />
          {form.values.deploymentId === CUSTOM_DEPLOYMENT_ID && (
            <TextInput
              label={t`Custom address`}
              required
              placeholder="https://lytx-api.prod2.ph.lytx.com/ecm"
              autoComplete="off"
              maw={480}
              {...form.getInputProps('customBaseUrl')}
            />
          )}
          {testConnection.isSuccess && (
            <Alert color="green" title={t`Connection works`} role="status">
              {testedVehicles === null ? (
                <Trans>
                  The legacy API answered: it lists vehicles for this key. The settings are saved.
                </Trans>
              ) : (
                <Plural
                  value={testedVehicles}
                  one="The legacy API answered: # vehicle for this key. The settings are saved."
                  other="The legacy API answered: # vehicles for this key. The settings are saved."
                />
              )}
            </Alert>
          )}
          {testConnection.isError && (
            <Alert color="red" title={t`The connection failed`} role="alert">
              {describeEcmError(testConnection.error, 'settings')}{' '}
              {savedAccess
                ? t`Nothing was saved: the key saved before stays in use.`
                : t`Nothing was saved.`}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              disabled={!saved.apiKey}
              onClick={() => void removeKey()}
            >
              <Trans>Remove key</Trans>
            </Button>
            <Group>
              <Button variant="default" onClick={test} loading={testConnection.isPending}>
                <Trans>Test connection</Trans>
              </Button>
              <Button type="submit" disabled={!ecmAccessChanged(saved, form.values)}>
                <Trans>Save</Trans>
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>
              Testing asks the legacy API for its vehicle list with what is entered, and saves it
              only if the API accepts it.
            </Trans>
          </Text>
        </Stack>
      </form>
      {confirmationDialog}
    </Paper>
  );
}
