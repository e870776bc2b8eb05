import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoAccounts } from '@/config/demo-accounts';
import { getDb, resetMockService } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE, TEST_TOKEN_URL } from '../test-helpers';

const [manager] = demoAccounts;

const requestToken = (body: unknown) =>
  fetch(TEST_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/auth/user', () => {
  afterEach(() => vi.restoreAllMocks());

  it('issues an opaque bearer token that the service then accepts', async () => {
    const response = await requestToken({ username: manager.username, password: manager.password });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.access_token).not.toContain(manager.password);

    const stored = getDb().tokens.find((token) => token.token === body.access_token);
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() + 3_590_000);
    const user = getDb().users.find((candidate) => candidate.username === manager.username);
    expect(Date.now() - Date.parse(user!.lastLoginDate!)).toBeLessThan(5_000);

    const users = await fetch(`${TEST_API_BASE}/v1/users?limit=1`, {
      headers: authHeaders(body.access_token),
    });
    expect(users.status).toBe(200);
  });

  it('gives a different token on every sign-in and ignores the username case', async () => {
    const first = await signInForTest();
    const second = await (
      await requestToken({ username: 'Maria.Lopez', password: manager.password })
    ).json();
    expect((second as { access_token: string }).access_token).not.toBe(first);
  });

  it.each([
    ['a wrong password', { username: manager.username, password: 'not-it' }],
    ['an unknown user', { username: 'nobody.here', password: 'whatever1' }],
    ['an SSO-only company account', { username: 'sso.user', password: 'Sso-Only-Account-1' }],
  ])('refuses %s with an empty 401', async (_case, body) => {
    const response = await requestToken(body);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
  });

  it('answers 400 with a JSON reason for missing fields or a body that is not JSON', async () => {
    const missing = await requestToken({ username: manager.username });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'Bad Request',
      message: 'The password field is required.',
    });

    const notJson = await requestToken('username=maria');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toMatch(/JSON object/);
  });

  it('stops accepting a token once its lifetime has passed', async () => {
    resetMockService({ tokenTtlSeconds: 1 });
    const response = await requestToken({ username: manager.username, password: manager.password });
    const { access_token: token, expires_in: expiresIn } = (await response.json()) as {
      access_token: string;
      expires_in: number;
    };
    // The console plans its pre-expiry warning from expires_in, so it must tell the truth.
    expect(expiresIn).toBe(1);
    const url = `${TEST_API_BASE}/v1/users?limit=1`;
    expect((await fetch(url, { headers: authHeaders(token) })).status).toBe(200);

    const later = Date.now() + 1_500;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const expired = await fetch(url, { headers: authHeaders(token) });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('');
  });
});
