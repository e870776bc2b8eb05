import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '@/api/api-error';
import { useRuntime, useSessionSnapshot } from '@/lib/runtime-context';

/**
 * One dialog for every request that met an expired session: they wait behind it and are replayed
 * after the password is re-entered, so nothing on the page is lost.
 */
export function ReauthDialog() {
  const { session: sessionManager } = useRuntime();
  const { session, reauth } = useSessionSnapshot();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const opened = !!session && !!reauth;
  const expiring = reauth?.reason === 'expiring';

  const close = () => {
    setPassword('');
    setError(null);
  };

  const submit = async () => {
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await sessionManager.reauthenticate(password);
      close();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const dismiss = () => {
    if (expiring) {
      sessionManager.dismissExpiryWarning();
    } else {
      // Giving up signs out; the waiting requests fail and the user returns to /login.
      sessionManager.signOut();
    }
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={expiring ? 'Your session is about to expire' : 'Your session has expired'}
      centered
      closeOnClickOutside={false}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            {expiring
              ? 'Sessions last one hour. Enter your password to stay signed in without losing your work.'
              : 'Enter your password to continue. Your unsaved work is kept and will be sent once you are signed in again.'}
          </Text>
          <Text size="sm">
            Signed in as <strong>{session?.username}</strong>
          </Text>
          <PasswordInput
            label="Password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            data-autofocus
            error={error ?? undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={submitting}>
              {expiring ? 'Later' : 'Sign out'}
            </Button>
            <Button type="submit" loading={submitting}>
              Continue session
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
