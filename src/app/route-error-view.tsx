import { msg } from '@lingui/core/macro';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { onlineManager, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useContext, useEffect, useState } from 'react';
import { describeError, isApiError } from '@/api/api-error';
import { RuntimeContext } from '@/api/runtime-context';
import { translate } from '@/i18n/translate';
import { afterNextPaint } from '@/lib/after-next-paint';
import { isMissingCodeError, reloadForNewVersion } from '@/lib/new-version';

/**
 * Each route's error boundary: a readable message and a retry that refetches the route's data.
 * The router's default, so it loads with the sign-in page and may show outside the signed-in
 * shell (no Lingui provider there): it translates as sign-in code does (src/i18n/translate.ts), in
 * the language of the moment it shows.
 */
export function RouteErrorView(props: ErrorComponentProps) {
  return isMissingCodeError(props.error) ? <NewVersionView /> : <RouteFailure {...props} />;
}

/**
 * The page's code is gone from the server: a new version was deployed since this tab opened. The
 * page says so and reloads this address, unless a form holds unsaved work (then the person
 * reloads once it is saved) or a reload for it just happened (then the server lacks the file).
 */
function NewVersionView() {
  const session = useContext(RuntimeContext)?.session;
  // Offline, code that is missing was never kept on this computer: no new version, no reload.
  const [state, setState] = useState<'reloading' | 'unsaved' | 'still-missing' | 'offline'>(() =>
    !onlineManager.isOnline() ? 'offline' : session?.unsavedWork().here ? 'unsaved' : 'reloading',
  );
  useEffect(() => {
    if (state !== 'reloading') return;
    let cancelled = false;
    // The message paints first, so the reload does not come unexplained.
    void afterNextPaint().then(() => {
      if (!cancelled && !reloadForNewVersion()) setState('still-missing');
    });
    return () => {
      cancelled = true;
    };
  }, [state]);
  return (
    <Stack p="md" maw={720}>
      <Alert
        color="blue"
        title={
          state === 'offline'
            ? translate(msg`This page needs the connection`)
            : translate(msg`A new version of the console is available`)
        }
        role="status"
      >
        <Text>
          {state === 'reloading' &&
            translate(
              msg`This page changed on the server since the tab opened. Reloading this address…`,
            )}
          {state === 'unsaved' &&
            translate(
              msg`This page changed on the server since the tab opened. Save your changes, then reload to open it.`,
            )}
          {state === 'offline' &&
            translate(
              msg`You are offline, and this page was not opened on this computer before: it needs the connection.`,
            )}
          {state === 'still-missing' &&
            translate(
              msg`This page’s code is still missing on the server after a reload. Try again in a minute; if it stays, tell whoever deploys the console.`,
            )}
        </Text>
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>{translate(msg`Reload now`)}</Button>
      </Group>
    </Stack>
  );
}

function RouteFailure({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorReset.reset();
  }, [queryErrorReset]);

  const details = isApiError(error) ? error.details : [];
  return (
    <Stack p="md" maw={720}>
      <Alert color="red" title={translate(msg`This page could not be shown`)} role="alert">
        <Text>{describeError(error)}</Text>
        {details.length > 0 && (
          <Stack gap={4} mt="xs">
            {details.map((detail) => (
              <Code key={detail} block>
                {detail}
              </Code>
            ))}
          </Stack>
        )}
      </Alert>
      <Group>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {translate(msg`Try again`)}
        </Button>
      </Group>
    </Stack>
  );
}
