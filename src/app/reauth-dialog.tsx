import { Trans, useLingui } from '@lingui/react/macro';
import { Button, getDefaultZIndex, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '@/api/api-error';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { useConnection } from '@/api/use-connection';

/**
 * Every dialog closes on Escape from a listener on the window, whichever dialog holds the focus,
 * unless the focused element carries this. The dialog beneath this one waits for it (its request
 * met the expiry), so an Escape meant for this one must not close that one. Put on every element
 * here that can take the focus.
 */
const ESCAPE_STAYS_HERE = { 'data-mantine-stop-propagation': true };

/**
 * One dialog for every request that met an expired session: they wait behind it and are replayed
 * after the password is re-entered, so nothing on the page is lost. Signing out instead is the
 * only way to lose work, so it is never a side effect of closing the dialog and always asks.
 */
export function ReauthDialog() {
  const { t } = useLingui();
  const { session: sessionManager } = useRuntime();
  const { session, reauth } = useSessionSnapshot();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  // Offline no password can be checked: the dialog waits for the connection, and the page stays
  // readable meanwhile (what waits behind it waits too).
  const { online } = useConnection();
  const opened = !!session && !!reauth && online;
  const expiring = reauth?.reason === 'expiring';
  const signedOutElsewhere = reauth?.reason === 'signed-out-elsewhere';

  // A renewal in another tab closes the dialog here too: start clean next time.
  const [shownOpened, setShownOpened] = useState(opened);
  if (shownOpened !== opened) {
    setShownOpened(opened);
    if (!opened) {
      setPassword('');
      setError(null);
      setConfirmingSignOut(false);
    }
  }

  const submit = async () => {
    if (!password) {
      setError(t`Enter your password.`);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await sessionManager.reauthenticate(password);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  // Escape and × only ever close the early warning; an expired session cannot be waved away,
  // because the requests waiting behind it would then fail.
  const dismiss = () => {
    if (confirmingSignOut) setConfirmingSignOut(false);
    else if (expiring) sessionManager.dismissExpiryWarning();
  };

  const title = confirmingSignOut
    ? t`Sign out and lose unsaved work?`
    : expiring
      ? t`Your session is about to expire`
      : signedOutElsewhere
        ? t`You signed out in another tab`
        : t`Your session has expired`;

  const closable = expiring || confirmingSignOut;
  const username = session?.username;

  return (
    <Modal.Root
      opened={opened}
      onClose={dismiss}
      centered
      // Above every other dialog, drawer and menu: this dialog can open over any of them (a
      // request of theirs met the expiry), and they wait for it. Mantine's dialogs share one
      // z-index, so otherwise the later-mounted one would cover this.
      zIndex={getDefaultZIndex('max')}
      closeOnClickOutside={false}
      // Handled below, so that the dialog beneath does not close as well.
      closeOnEscape={false}
    >
      <Modal.Overlay />
      <Modal.Content
        {...ESCAPE_STAYS_HERE}
        onKeyDownCapture={(event) => {
          if (event.key === 'Escape' && closable) dismiss();
        }}
      >
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          {closable && <Modal.CloseButton aria-label={t`Close`} {...ESCAPE_STAYS_HERE} />}
        </Modal.Header>
        <Modal.Body>
          {confirmingSignOut ? (
            <Stack>
              <Text size="sm">
                <Trans>
                  Changes you have not saved on this page, and any changes waiting to be sent, will
                  be lost. To keep them, go back and enter your password instead.
                </Trans>
              </Text>
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => setConfirmingSignOut(false)}
                  data-autofocus
                  {...ESCAPE_STAYS_HERE}
                >
                  <Trans>Back</Trans>
                </Button>
                <Button color="red" onClick={() => sessionManager.signOut()} {...ESCAPE_STAYS_HERE}>
                  <Trans>Sign out and discard changes</Trans>
                </Button>
              </Group>
            </Stack>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                // The dialog sits in a portal, but React bubbles events through it to the page's form.
                event.stopPropagation();
                void submit();
              }}
            >
              <Stack>
                <Text size="sm">
                  {expiring
                    ? t`Sessions last one hour. Enter your password to stay signed in without losing your work.`
                    : signedOutElsewhere
                      ? t`Your unsaved work on this page is kept. Enter your password to sign in again and continue with it, or sign out to discard it.`
                      : t`Enter your password to continue. Your unsaved work is kept and will be sent once you are signed in again.`}
                </Text>
                <Text size="sm">
                  <Trans>
                    Signed in as <strong>{username}</strong>
                  </Trans>
                </Text>
                <PasswordInput
                  label={t`Password`}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  autoComplete="current-password"
                  data-autofocus
                  error={error ?? undefined}
                  {...ESCAPE_STAYS_HERE}
                />
                <Group justify="flex-end">
                  {expiring ? (
                    <Button
                      variant="default"
                      onClick={dismiss}
                      disabled={submitting}
                      {...ESCAPE_STAYS_HERE}
                    >
                      <Trans>Later</Trans>
                    </Button>
                  ) : (
                    <Button
                      variant="default"
                      onClick={() => setConfirmingSignOut(true)}
                      disabled={submitting}
                      {...ESCAPE_STAYS_HERE}
                    >
                      <Trans>Sign out…</Trans>
                    </Button>
                  )}
                  <Button type="submit" loading={submitting} {...ESCAPE_STAYS_HERE}>
                    <Trans>Continue session</Trans>
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
