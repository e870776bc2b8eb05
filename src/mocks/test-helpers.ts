import { demoAccounts } from '@/config/demo-accounts';

/** Where the tests reach the fake service (any origin works: the handlers match `*`). */
export const TEST_API_BASE = 'http://localhost/service/api';
export const TEST_TOKEN_URL = 'http://localhost/service/login/api/auth/user';

/** Signs in through the real token endpoint (maria.lopez = Group Manager, dan.okafor = dispatcher). */
export async function signInForTest(username: string = demoAccounts[0].username): Promise<string> {
  const account = demoAccounts.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`No demo account named ${username}.`);
  const response = await fetch(TEST_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${username} failed with ${response.status}.`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export function authHeaders(
  token: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { Authorization: `Bearer ${token}`, ...extra };
}
