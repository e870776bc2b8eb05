import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '@/api/zod';
import { formatClockTime } from '@/lib/format';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { ApiError, readServiceMessages } from './api-error';
import { apiRequest } from './client';
import { getRateLimitedUntil, getRetryingReadCount, subscribeToRetries } from './client-state';
import { parseRetryAfter } from './rate-limit-hold';
import { readReportOf } from './read-report';

const itemsUrl = `${TEST_SERVICE_BASE_URL}/v1/things`;
const itemsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

function readThings(signal?: AbortSignal) {
  return apiRequest({ service: 'users', path: '/things', schema: itemsSchema, signal });
}

function writeThing(body: unknown) {
  return apiRequest({
    service: 'users',
    method: 'POST',
    path: '/things',
    body,
    schema: z.object({ id: z.string() }),
  });
}

/** Counts calls and answers from a script of responses, the last one repeating. */
function scripted(method: 'get' | 'post', responses: (() => Response)[]) {
  const calls: Request[] = [];
  mockServer.use(
    http[method](itemsUrl, ({ request }) => {
      calls.push(request.clone());
      const next = responses[Math.min(calls.length - 1, responses.length - 1)]!;
      return next();
    }),
  );
  return calls;
}

const ok = () => HttpResponse.json({ data: [{ id: 'a' }] });

describe('apiRequest', () => {
  beforeEach(() => configureTestApiClient());

  it('builds the sub-API URL, sends the bearer token and parses with the schema', async () => {
    const calls = scripted('get', [ok]);
    await expect(readThings()).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(calls[0]!.url).toBe(itemsUrl);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('holds every request until the service is ready (the demo service starts beside the page)', async () => {
    let markReady = () => {};
    configureTestApiClient({ serviceReady: new Promise<void>((resolve) => (markReady = resolve)) });
    scripted('get', [ok]);
    const sent = vi.spyOn(globalThis, 'fetch');
    const reading = readThings();
    // An unheld read reaches fetch within a few microtasks.
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    expect(sent).not.toHaveBeenCalled();
    markReady();
    await expect(reading).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('sends array query parameters repeated and skips empty ones', async () => {
    const calls = scripted('get', [ok]);
    await apiRequest({
      service: 'users',
      path: '/things',
      query: { roleId: [1, 2], searchText: '', status: undefined, includeSubGroups: true },
      schema: itemsSchema,
    });
    expect(new URL(calls[0]!.url).search).toBe('?roleId=1&roleId=2&includeSubGroups=true');
  });

  it('retries reads on 5xx and network errors, then succeeds', async () => {
    const calls = scripted('get', [
      () => new HttpResponse(null, { status: 503 }),
      () => HttpResponse.error(),
      ok,
    ]);
    await expect(readThings()).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(calls).toHaveLength(3);
  });

  it('counts a read as retrying from its first failure until it settles, for the page to say so', async () => {
    scripted('get', [() => new HttpResponse(null, { status: 503 }), ok]);
    const seen: number[] = [];
    const unsubscribe = subscribeToRetries(() => seen.push(getRetryingReadCount()));
    await readThings();
    unsubscribe();
    expect(seen).toEqual([1, 0]);

    scripted('get', [() => new HttpResponse(null, { status: 500 })]);
    await expect(readThings()).rejects.toMatchObject({ code: 'SERVER' });
    expect(getRetryingReadCount()).toBe(0);
  });

  it('gives up on reads after four attempts with a readable error', async () => {
    const calls = scripted('get', [() => new HttpResponse(null, { status: 500 })]);
    const error = await readThings().catch((failure: unknown) => failure);
    expect(calls).toHaveLength(4);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'SERVER' });
    expect((error as ApiError).message).toMatch(/try again/i);
  });

  it('never retries a write, on 5xx or a network error', async () => {
    const serverCalls = scripted('post', [() => new HttpResponse(null, { status: 500 })]);
    await expect(writeThing({ name: 'x' })).rejects.toMatchObject({ code: 'SERVER' });
    expect(serverCalls).toHaveLength(1);

    const networkCalls = scripted('post', [() => HttpResponse.error()]);
    const error = await writeThing({ name: 'x' }).catch((failure: unknown) => failure);
    expect(networkCalls).toHaveLength(1);
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
    expect((error as ApiError).message).toMatch(/nothing was saved/i);
  });

  it('waits for Retry-After on 429 before retrying a read', async () => {
    const waits: number[] = [];
    configureTestApiClient({ now: () => 1_000, sleep: async (ms) => void waits.push(ms) });
    const calls = scripted('get', [
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '2' } }),
      ok,
    ]);
    await expect(readThings()).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('holds every read of the service until Retry-After has passed, also one started anew', async () => {
    let now = 0;
    const waits: number[] = [];
    const controller = new AbortController();
    configureTestApiClient({
      now: () => now,
      sleep: (ms, signal) => {
        waits.push(ms);
        // The page that met the 429 goes away during the wait (a remount, a new search).
        if (signal === controller.signal) {
          controller.abort();
          return Promise.reject(new ApiError({ status: 0, code: 'ABORTED', message: 'gone' }));
        }
        now += ms;
        return Promise.resolve();
      },
    });
    const sentAt: number[] = [];
    mockServer.use(
      http.get(itemsUrl, () => {
        sentAt.push(now);
        return sentAt.length === 1
          ? new HttpResponse(null, { status: 429, headers: { 'Retry-After': '3' } })
          : ok();
      }),
    );
    await expect(readThings(controller.signal)).rejects.toMatchObject({ code: 'ABORTED' });
    expect(getRateLimitedUntil()).toBe(3_000);

    await expect(readThings()).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(sentAt).toEqual([0, 3_000]);
    expect(waits).toEqual([3_000, 3_000]);
  });

  it('holds the service for a Retry-After longer than a minute and sends the read when it is over', async () => {
    let now = 0;
    const waits: number[] = [];
    configureTestApiClient({
      now: () => now,
      sleep: (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    const sentAt: number[] = [];
    mockServer.use(
      http.get(itemsUrl, () => {
        sentAt.push(now);
        return sentAt.length === 1
          ? new HttpResponse(null, { status: 429, headers: { 'Retry-After': '120' } })
          : ok();
      }),
    );
    await expect(readThings()).resolves.toEqual({ data: [{ id: 'a' }] });
    expect(sentAt).toEqual([0, 120_000]);
    expect(waits).toEqual([120_000]);
  });

  it('holds the reads of a service whose write met a 429, for the whole Retry-After', async () => {
    configureTestApiClient({ now: () => 5_000 });
    scripted('post', [
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '300' } }),
    ]);
    const error = await writeThing({}).catch((failure: unknown) => failure);
    expect(getRateLimitedUntil()).toBe(305_000);
    // Five minutes is better said as a time of day than as 300 seconds.
    expect(error).toMatchObject({
      message: expect.stringContaining(`busy until ${formatClockTime(305_000)}`),
    });
  });

  it('does not retry a write on 429 and says when to try again', async () => {
    const calls = scripted('post', [
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '7' } }),
    ]);
    const error = await writeThing({}).catch((failure: unknown) => failure);
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 7000 });
    expect((error as ApiError).message).toContain('7 seconds');
  });

  it('reads the Retry-After header as seconds or as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2026 07:28:10 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')),
    ).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it.each([
    [
      '{error, message}',
      { error: 'Bad Request', message: 'Invalid ShapeType' },
      'Invalid ShapeType',
    ],
    [
      '{Error, Message}',
      { Error: 'Bad Request', Message: 'Entries are required.' },
      'Entries are required.',
    ],
    [
      'a message list',
      { error: null, message: ['First name is required.', 'Last name is required.'] },
      'First name is required. Last name is required.',
    ],
    ['a bare JSON string', 'Vehicle does not exist', 'Vehicle does not exist'],
  ])(
    'turns a 400 with %s into one error with the service message',
    async (_shape, body, message) => {
      scripted('post', [() => HttpResponse.json(body, { status: 400 })]);
      await expect(writeThing({})).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        message,
      });
    },
  );

  it('copes with error responses that have no body or an HTML body', async () => {
    scripted('post', [() => new HttpResponse(null, { status: 409 })]);
    await expect(writeThing({})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/conflicts/),
    });
    expect(readServiceMessages('<html><body>Bad gateway</body></html>')).toEqual([]);
  });

  it('rejects a body that cannot be read at all as INVALID_RESPONSE, not a crash', async () => {
    scripted('get', [() => HttpResponse.json(['not', 'things'])]);
    const error = await readThings().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect((error as ApiError).details[0]).toContain('(body)');
  });

  it('reads what it can of a body that is partly off the schema, and reports the rest', async () => {
    scripted('get', [() => HttpResponse.json({ data: [{ id: 42 }, { id: { no: 'id' } }] })]);
    const things = await readThings();
    expect(things).toEqual({ data: [{ id: '42' }] });
    expect(readReportOf(things)).toMatchObject({
      operation: 'GET /things',
      skippedRecords: 1,
      details: [expect.stringContaining('data.1')],
    });
  });

  it('reports a malformed JSON body readably', async () => {
    scripted('get', [
      () => new HttpResponse('{"data": [', { headers: { 'Content-Type': 'application/json' } }),
    ]);
    await expect(readThings()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringMatching(/not valid JSON/),
    });
  });

  it('maps 204 to the endpoint empty value', async () => {
    scripted('get', [() => new HttpResponse(null, { status: 204 })]);
    await expect(
      apiRequest({
        service: 'users',
        path: '/things',
        schema: itemsSchema,
        emptyValue: { data: [] },
      }),
    ).resolves.toEqual({ data: [] });
  });

  it('stops when the caller aborts, including during a back-off wait', async () => {
    configureTestApiClient({ retryDelayMs: () => 10_000 });
    scripted('get', [() => new HttpResponse(null, { status: 503 })]);
    const controller = new AbortController();
    const pending = readThings(controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('sends X-APIKey and no bearer token to the legacy ECM API', async () => {
    const seen: Request[] = [];
    mockServer.use(
      http.get('http://localhost/service/ecm/prod2.ph/ecm/vehicles', ({ request }) => {
        seen.push(request);
        return HttpResponse.json({ currentPage: 1, pageSize: 1, totalRecords: 0, vehicles: [] });
      }),
    );
    await apiRequest({ service: 'ecm', path: '/vehicles', responseKind: 'none' });
    expect(seen[0]!.headers.get('X-APIKey')).toBe('k');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
  });
});

describe('apiRequest and an expired session', () => {
  it('holds concurrent 401s behind one re-authentication and replays each request once', async () => {
    let token = 'old-token';
    let releaseReauth!: () => void;
    const reauthenticate = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          releaseReauth = () => {
            token = 'new-token';
            resolve();
          };
        }),
    );
    // Like the session manager: one shared promise for every caller.
    let shared: Promise<void> | null = null;
    configureTestApiClient({
      getAccessToken: () => token,
      reauthenticate: () => (shared ??= reauthenticate()),
    });
    const seenTokens: string[] = [];
    mockServer.use(
      http.get(itemsUrl, ({ request }) => {
        const header = request.headers.get('Authorization') ?? '';
        seenTokens.push(header);
        return header === 'Bearer new-token' ? ok() : new HttpResponse(null, { status: 401 });
      }),
    );

    const pending = [readThings(), readThings(), readThings()];
    await vi.waitFor(() => expect(seenTokens).toHaveLength(3));
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    releaseReauth();
    await expect(Promise.all(pending)).resolves.toHaveLength(3);
    expect(seenTokens.filter((header) => header === 'Bearer new-token')).toHaveLength(3);
    expect(seenTokens).toHaveLength(6);
  });

  it('replays a write after re-authentication (the 401 means it was not processed)', async () => {
    let token = 'old-token';
    configureTestApiClient({
      getAccessToken: () => token,
      reauthenticate: async () => {
        token = 'new-token';
      },
    });
    const bodies: unknown[] = [];
    mockServer.use(
      http.post(itemsUrl, async ({ request }) => {
        bodies.push(await request.json());
        return request.headers.get('Authorization') === 'Bearer new-token'
          ? HttpResponse.json({ id: 'saved' }, { status: 201 })
          : new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(writeThing({ name: 'kept' })).resolves.toEqual({ id: 'saved' });
    expect(bodies).toEqual([{ name: 'kept' }, { name: 'kept' }]);
  });

  it('fails the waiting requests when the user gives up instead', async () => {
    configureTestApiClient({
      reauthenticate: () =>
        Promise.reject(
          new ApiError({ status: 401, code: 'SESSION_ENDED', message: 'You are signed out.' }),
        ),
    });
    scripted('get', [() => new HttpResponse(null, { status: 401 })]);
    await expect(readThings()).rejects.toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('asks for the password before sending when the token is known to be expired', async () => {
    let expired = true;
    const reauthenticate = vi.fn(async () => {
      expired = false;
    });
    configureTestApiClient({ isAccessTokenExpired: () => expired, reauthenticate });
    const calls = scripted('get', [ok]);
    await readThings();
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });
});

describe('apiRequest without legacy ECM access', () => {
  it('says the key is missing instead of retrying as a network failure', async () => {
    configureTestApiClient({ getEcmAccess: () => null });
    await expect(
      apiRequest({ service: 'ecm', path: '/vehicles', responseKind: 'none' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/Settings/),
    });
  });
});
