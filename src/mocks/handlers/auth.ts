import { http, HttpResponse } from 'msw';
import { badRequest, readJsonBody, simulateLatency } from '../http';
import { commitDb, getDb, getMockSettings } from '../state';

/** An opaque bearer token: random bytes, base64url, nothing derived from the credentials. */
function newTokenValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const isFilledString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

export const authHandlers = [
  http.post('*/api/auth/user', async ({ request }) => {
    await simulateLatency();
    const body = await readJsonBody(request);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return badRequest(
        'plain',
        'The request body must be a JSON object with username and password.',
      );
    }
    const { username, password } = body as Record<string, unknown>;
    const missing = [
      isFilledString(username) ? null : 'username',
      isFilledString(password) ? null : 'password',
    ].filter((name) => name !== null);
    if (missing.length > 0)
      return badRequest('plain', `The ${missing.join(' and ')} field is required.`);

    const db = getDb();
    const account = db.accounts.find(
      (candidate) => candidate.username.toLowerCase() === (username as string).toLowerCase(),
    );
    // SSO/MFA companies cannot use this sign-in; the service does not say why, it just refuses.
    if (!account || account.ssoOnly || account.password !== password) {
      return new HttpResponse(null, { status: 401 });
    }
    const user = db.users.find((candidate) => candidate.userId === account.userId);
    if (!user || user.status !== 'Active' || !user.loginEnabled)
      return new HttpResponse(null, { status: 401 });

    const now = Date.now();
    const { tokenTtlSeconds } = getMockSettings();
    const token = newTokenValue();
    // Dropping expired tokens keeps the persisted demo state from growing with every sign-in.
    db.tokens = db.tokens.filter((candidate) => candidate.expiresAt > now);
    db.tokens.push({ token, userId: user.userId, expiresAt: now + tokenTtlSeconds * 1000 });
    user.lastLoginDate = new Date(now).toISOString();
    commitDb();
    return HttpResponse.json({
      access_token: token,
      token_type: 'Bearer',
      // The lifetime this token really has (one hour unless ?demoTokenTtl shortens it), so the
      // console's pre-expiry warning can be tried in the demo.
      expires_in: tokenTtlSeconds,
    });
  }),
];
