import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { describeError } from '@/api/api-error';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { demoAccounts } from '@/config/demo-accounts';
import { preloadPageCode } from '@/lib/preload-page-code';
import { safeRedirectTarget } from '@/lib/safe-redirect';

const loginRoute = getRouteApi('/login');
/** The longest the next page's code waits for an idle moment (Safari has no idle callback). */
const PRELOAD_AFTER_MS = 1000;

export function LoginPage() {
  const { session, demo } = useRuntime();
  const { redirect } = loginRoute.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // Two fields need no form library; keeping one off this page keeps the first load small.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const signedIn = !!useSessionSnapshot().session;

  // Signing in here or in another tab leaves this page for the one it was guarding.
  // Once: while the next page loads this one is still mounted, and its search no longer applies.
  const leaving = useRef(false);
  const leave = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    void navigate({ href: safeRedirectTarget(redirect), replace: true });
  }, [navigate, redirect]);
  useEffect(() => {
    if (signedIn && !submitting) leave();
  }, [signedIn, submitting, leave]);

  // The next page's code (its loader too) loads while the user types (once this page is idle), so
  // signing in waits for the token alone and the router never waits on a chunk to show the page;
  // the submit asks again in case that has not happened yet.
  useEffect(() => {
    const preload = () => preloadPageCode(router, safeRedirectTarget(redirect));
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(preload, { timeout: PRELOAD_AFTER_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [router, redirect]);

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = {
      username: username.trim() ? undefined : 'Enter your username.',
      password: password ? undefined : 'Enter your password.',
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    setSubmitting(true);
    setFailure(null);
    preloadPageCode(router, safeRedirectTarget(redirect));
    try {
      await session.signIn(username.trim(), password);
      leave();
    } catch (error) {
      setFailure(describeError(error));
      setPassword('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420}>
        <Title order={1} ta="center">
          Fleet Console
        </Title>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <form onSubmit={(event) => void signIn(event)} noValidate>
            <Stack>
              <Title order={2} size="h3">
                Sign in
              </Title>
              {failure && (
                <Alert color="red" title="Sign-in failed" role="alert">
                  {failure}
                </Alert>
              )}
              <TextInput
                label="Username"
                autoComplete="username"
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                error={fieldErrors.username}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldErrors.password}
              />
              <Button type="submit" loading={submitting} fullWidth>
                Sign in
              </Button>
              <Text size="xs" c="dimmed">
                Your session lasts one hour; you will be asked for your password again before it
                ends. Companies that use single sign-on or multi-factor authentication cannot sign
                in here.
              </Text>
            </Stack>
          </form>
        </Paper>
        {demo && (
          <Paper
            component="section"
            withBorder
            p="md"
            radius="md"
            aria-labelledby="demo-accounts-title"
          >
            <Title order={2} size="h5" id="demo-accounts-title">
              Demo accounts
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              This console runs against the built-in demo service. Use one of these accounts:
            </Text>
            <Stack gap="xs" component="dl" m={0}>
              {demoAccounts.map((account) => (
                <div key={account.username}>
                  <Text component="dt" size="sm" fw={500}>
                    {account.label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    Username <Code>{account.username}</Code> · Password{' '}
                    <Code>{account.password}</Code>
                  </Text>
                </div>
              ))}
            </Stack>
            <Anchor
              component="button"
              type="button"
              size="sm"
              mt="xs"
              onClick={() => {
                const [manager] = demoAccounts;
                setUsername(manager.username);
                setPassword(manager.password);
              }}
            >
              Fill in the fleet manager account
            </Anchor>
          </Paper>
        )}
      </Stack>
    </Center>
  );
}
