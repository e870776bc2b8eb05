// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient } from '@/test/test-client';
import { readAccessToken, SessionManager, TOKEN_LIFETIME_MS } from './session';

const tokenUrl = 'http://localhost/service/login/api/auth/user';
const managers: SessionManager[] = [];

function newManager(now?: () => number): SessionManager {
  const manager = new SessionManager(now);
  managers.push(manager);
  return manager;
}

function serveTokens(
  body: Record<string, unknown> = { access_token: 'token-1', expires_in: 3600 },
) {
  const requests: unknown[] = [];
  mockServer.use(
    http.post(tokenUrl, async ({ request }) => {
      const credentials = (await request.json()) as { username: string; password: string };
      requests.push(credentials);
      if (credentials.password !== 'right') return new HttpResponse(null, { status: 401 });
      return HttpResponse.json(body);
    }),
  );
  return requests;
}

describe('readAccessToken', () => {
  it.each([
    [{ access_token: 'a' }, 'a'],
    [{ accessToken: 'b' }, 'b'],
    [{ token: 'c' }, 'c'],
    [{ id_token: 'd' }, 'd'],
    ['e', 'e'],
  ])('finds the token in %j', (body, token) => {
    expect(readAccessToken(body).token).toBe(token);
  });

  it('fails clearly when no token is recognisable', () => {
    expect(() => readAccessToken({ jwt: 1 })).toThrow(/without a token/);
  });
});

describe('SessionManager', () => {
  beforeEach(() => configureTestApiClient());
  afterEach(() =>
    managers.splice(0).forEach((manager) => {
      manager.signOut();
      manager.dispose();
    }),
  );

  it('signs in, keeps the token and expiry in session storage and never the password', async () => {
    serveTokens();
    const manager = newManager(() => 1_000);
    const session = await manager.signIn('maria.lopez', 'right');
    expect(session).toMatchObject({
      token: 'token-1',
      username: 'maria.lopez',
      expiresAt: 1_000 + TOKEN_LIFETIME_MS,
    });
    const stored = sessionStorage.getItem('fleet-console.session') ?? '';
    expect(JSON.parse(stored)).toMatchObject({ token: 'token-1' });
    expect(stored).not.toContain('right');
    expect(localStorage.length).toBe(0);
  });

  it('keeps "This is a shared computer" with the session, through a renewal', async () => {
    serveTokens({ access_token: 'token-2' });
    const manager = newManager();
    await manager.signIn('maria.lopez', 'right', { sharedComputer: true });
    expect(manager.session?.sharedComputer).toBe(true);
    await manager.reauthenticate('right');
    expect(manager.session).toMatchObject({ token: 'token-2', sharedComputer: true });
    // A new tab of the same session reads it back as stored.
    expect(newManager().session?.sharedComputer).toBe(true);
  });

  it('explains wrong credentials, including the SSO/MFA limitation', async () => {
    serveTokens();
    await expect(newManager().signIn('maria.lopez', 'wrong')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/not correct.*single sign-on/s),
    });
  });

  it('explains an unreachable sign-in service', async () => {
    mockServer.use(http.post(tokenUrl, () => HttpResponse.error()));
    await expect(newManager().signIn('maria.lopez', 'right')).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringMatching(/cannot be reached/),
    });
  });

  it('shares one re-authentication between every caller and resolves them all', async () => {
    const requests = serveTokens({ access_token: 'token-2' });
    const manager = newManager();
    await manager.signIn('maria.lopez', 'right');
    const first = manager.requestReauthentication();
    const second = manager.requestReauthentication();
    expect(manager.getSnapshot().reauth).toEqual({ reason: 'expired' });
    await manager.reauthenticate('right');
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    expect(manager.getAccessToken()).toBe('token-2');
    expect(manager.getSnapshot().reauth).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('rejects the waiting requests when the user signs out instead', async () => {
    serveTokens();
    const manager = newManager();
    await manager.signIn('maria.lopez', 'right');
    const waiting = manager.requestReauthentication();
    manager.signOut();
    await expect(waiting).rejects.toMatchObject({ code: 'SESSION_ENDED' });
    expect(sessionStorage.getItem('fleet-console.session')).toBeNull();
  });

  it('knows when the token has expired', async () => {
    serveTokens();
    let now = 0;
    const manager = newManager(() => now);
    await manager.signIn('maria.lopez', 'right');
    expect(manager.isAccessTokenExpired()).toBe(false);
    now = TOKEN_LIFETIME_MS + 1;
    expect(manager.isAccessTokenExpired()).toBe(true);
  });

  it('shares sign-in and sign-out with other tabs', async () => {
    serveTokens();
    const thisTab = newManager();
    await thisTab.signIn('maria.lopez', 'right');
    sessionStorage.clear(); // a new tab starts with its own, empty session storage
    const otherTab = newManager();
    await otherTab.ready;
    expect(otherTab.getAccessToken()).toBe('token-1');

    thisTab.signOut();
    await expect.poll(() => otherTab.isSignedIn()).toBe(false);
  });

  it('another tab signing out keeps this tab, with its unsaved work, behind the password', async () => {
    serveTokens();
    const thisTab = newManager();
    await thisTab.signIn('maria.lopez', 'right');
    sessionStorage.clear();
    const otherTab = newManager();
    await otherTab.ready;
    const releaseWork = otherTab.holdUnsavedWork();
    await expect.poll(() => thisTab.unsavedWork()).toEqual({ here: false, inOtherTabs: true });

    thisTab.signOut();
    await expect
      .poll(() => otherTab.getSnapshot().reauth)
      .toEqual({ reason: 'signed-out-elsewhere' });
    // Still on its page, but the token is gone: requests wait for the password.
    expect(otherTab.isSignedIn()).toBe(true);
    expect(otherTab.getAccessToken()).toBeNull();
    expect(otherTab.isAccessTokenExpired()).toBe(true);
    const waiting = otherTab.requestReauthentication();
    expect(otherTab.getSnapshot().reauth).toEqual({ reason: 'signed-out-elsewhere' });

    await otherTab.reauthenticate('right');
    await expect(waiting).resolves.toBeUndefined();
    expect(otherTab.getAccessToken()).toBe('token-1');
    releaseWork();
    await expect.poll(() => thisTab.unsavedWork().inOtherTabs).toBe(false);
  });

  it('a tab that opens later learns of unsaved work in the tabs already open', async () => {
    const thisTab = newManager();
    const releaseWork = thisTab.holdUnsavedWork();
    const laterTab = newManager();
    await expect.poll(() => laterTab.unsavedWork()).toEqual({ here: false, inOtherTabs: true });
    expect(thisTab.unsavedWork()).toEqual({ here: true, inOtherTabs: false });
    releaseWork();
    releaseWork();
    await expect.poll(() => laterTab.unsavedWork().inOtherTabs).toBe(false);
    expect(thisTab.unsavedWork().here).toBe(false);
  });
});
