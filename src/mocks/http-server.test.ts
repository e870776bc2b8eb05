import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@/config/demo-accounts';
import { createFileStore } from './file-store';
import { MAX_BODY_BYTES, startHttpService, type HttpService } from './http-server';
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

/** A request by node:http, so a test can send part of a body and hear the answer before the rest. */
function openRequest(
  service: HttpService,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): { request: ClientRequest; answer: Promise<{ status: number; body: string }> } {
  const request = httpRequest(`${service.url}${path}`, {
    method: init.method ?? 'POST',
    headers: init.headers,
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
  return { request, answer };
}

describe('the admin paths', () => {
  it('refuse a request a proxy forwarded, however the path is spelt, and leave the service as it was', async () => {
    const service = await start();
    for (const path of ['/__service/faults', '/%5F%5Fservice/faults', '/__SERVICE/faults']) {
      const refused = await fetch(`${service.url}${path}`, {
        method: 'PUT',
        headers: { 'X-Forwarded-For': '203.0.113.9' },
        body: JSON.stringify([{ pathPattern: '/v1/users$', status: 500 }]),
      });
      expect(refused.status).toBe(403);
      const reset = await fetch(`${service.url}${path.replace('faults', 'reset')}`, {
        method: 'POST',
        headers: { Forwarded: 'for=203.0.113.9' },
      });
      expect(reset.status).toBe(403);
    }
    expect(await (await fetch(`${service.url}/__service/faults`)).json()).toEqual([]);
    await service.close();
  });

  it('answer another machine only with the key the service was started with', async () => {
    const service = await startHttpService({
      port: 0,
      dataDirectory,
      mediaDirectory,
      adminKey: 'test-admin-key',
    });
    const forwarded = { 'X-Forwarded-For': '203.0.113.9' };
    const wrongKey = await fetch(`${service.url}/__service/settings`, {
      headers: { ...forwarded, 'X-Service-Admin-Key': 'test-admin-kex' },
    });
    expect(wrongKey.status).toBe(403);
    const withKey = await fetch(`${service.url}/__service/settings`, {
      headers: { ...forwarded, 'X-Service-Admin-Key': 'test-admin-key' },
    });
    expect(withKey.status).toBe(200);
    expect(service.adminKey).toBe('test-admin-key');
    await service.close();
  });

  it('give each start a key of its own when none is set', async () => {
    const first = await start();
    const second = await start();
    expect(first.adminKey.length).toBeGreaterThanOrEqual(32);
    expect(second.adminKey).not.toBe(first.adminKey);
    await Promise.all([first.close(), second.close()]);
  });
});

describe('request bodies', () => {
  it('are not read before the token is checked: a request without one is answered 401 while its body is still coming', async () => {
    const service = await start();
    const { request, answer } = openRequest(service, '/v1/users', {
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    });
    // A body that has not ended: a service waiting for all of it would never answer.
    request.write(`{"firstName":"${'x'.repeat(64 * 1024)}`);
    const { status } = await answer;
    expect(status).toBe(401);
    request.destroy();
    await service.close();
  });

  it('over the limit are refused with 413: a declared size before any of it is read, a streamed one once it passes the limit', async () => {
    const service = await start();
    const token = ((await (await signIn(service)).json()) as { access_token: string }).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const declared = openRequest(service, '/v1/users', {
      headers: { ...headers, 'Content-Length': String(MAX_BODY_BYTES + 1) },
    });
    declared.request.write('{');
    expect((await declared.answer).status).toBe(413);
    declared.request.destroy();

    const streamed = openRequest(service, '/v1/users', {
      headers: { ...headers, 'Transfer-Encoding': 'chunked' },
    });
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) streamed.request.write(chunk);
    const answer = await streamed.answer;
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(String(MAX_BODY_BYTES));
    streamed.request.destroy();

    // Under the limit, a signed-in write is read and answered as ever.
    const read = await fetch(`${service.url}/v1/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Only a first name' }),
    });
    expect(read.status).toBe(400);
    await service.close();
  });
});
