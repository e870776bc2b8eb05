import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@/config/demo-accounts';
import { createFileStore } from './file-store';
import { startHttpService, type HttpService } from './http-server';
import { mockServer } from './node';

const mediaDirectory = resolve('public/demo-media');
let dataDirectory: string;

// These requests cross a real socket to the HTTP host, not the in-process fake service.
beforeAll(async () => {
  mockServer.close();
  dataDirectory = await mkdtemp(join(tmpdir(), 'fleet-service-'));
});
afterAll(() => rm(dataDirectory, { recursive: true, force: true }));

async function signIn(service: HttpService): Promise<Response> {
  const [account] = demoAccounts;
  // At the path the proxy forwards the token endpoint to.
  return fetch(`${service.url}/api/auth/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
}

const start = () => startHttpService({ port: 0, dataDirectory, mediaDirectory });

describe('the demo service over HTTP', () => {
  it('has stored a write when it answers, and a restarted service keeps it', async () => {
    const first = await start();
    const answer = await signIn(first);
    expect(answer.status).toBe(200);
    const { access_token: token } = (await answer.json()) as { access_token: string };
    // Read from the files the moment the answer is in: the token was stored before it was sent.
    const stored = await createFileStore(dataDirectory, () => true).read();
    expect(stored?.db.tokens.map((entry) => entry.token)).toContain(token);
    await first.close();

    const second = await start();
    const users = await fetch(`${second.url}/v1/users?limit=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(users.status).toBe(200);
    await second.close();
  });

  it('applies faults set through its admin path, and only as many times as asked', async () => {
    const service = await start();
    const set = await fetch(`${service.url}/__service/faults`, {
      method: 'PUT',
      body: JSON.stringify([
        { method: 'POST', pathPattern: '/auth/user$', status: 429, retryAfter: 7, times: 1 },
      ]),
    });
    expect(set.status).toBe(200);
    const refused = await signIn(service);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('7');
    expect((await signIn(service)).status).toBe(200);
    await service.close();
  });

  it('takes its knobs through the admin path: a token lifetime of one second runs out', async () => {
    const service = await start();
    await fetch(`${service.url}/__service/settings`, {
      method: 'PUT',
      body: JSON.stringify({ tokenTtlSeconds: 1 }),
    });
    const body = (await (await signIn(service)).json()) as { expires_in: number };
    expect(body.expires_in).toBe(1);
    await service.close();
  });
});
