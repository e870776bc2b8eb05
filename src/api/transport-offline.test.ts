import { onlineManager } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { watchConnection } from './connection';

const thingsUrl = `${TEST_SERVICE_BASE_URL}/v1/things`;
const thingSchema = z.object({ id: z.string() });

function readThing() {
  return apiRequest({ service: 'users', path: '/things', schema: thingSchema });
}

function writeThing(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return apiRequest({
    service: 'users',
    method,
    path: '/things',
    body: { id: 'a' },
    schema: thingSchema,
  });
}

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const outcome = await request.then(
    () => new Error('expected the request to fail'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

describe('sendToService while offline', () => {
  beforeAll(() => watchConnection({ demo: false }));
  beforeEach(() => configureTestApiClient());
  afterEach(() => onlineManager.setOnline(true));

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'refuses a %s at once and sends nothing',
    async (method) => {
      const sent = serveForTest(method.toLowerCase() as 'post', thingsUrl, () =>
        HttpResponse.json({ id: 'a' }),
      );
      onlineManager.setOnline(false);
      const error = await failureOf(writeThing(method));
      expect(error.code).toBe('OFFLINE');
      expect(error.message).toMatch(/needs the connection/);
      expect(error.message).toMatch(/nothing was sent/);
      expect(sent).toHaveLength(0);
    },
  );

  it('fails a read at once, saying it was not read before, without retries', async () => {
    const sent = serveForTest('get', thingsUrl, () => HttpResponse.json({ id: 'a' }));
    onlineManager.setOnline(false);
    const error = await failureOf(readThing());
    expect(error.code).toBe('OFFLINE');
    expect(error.message).toMatch(/not read on this computer before/);
    expect(sent).toHaveLength(0);
  });

  it('stops retrying a read when the connection drops during it', async () => {
    const sent = serveForTest('get', thingsUrl, () => {
      onlineManager.setOnline(false);
      return HttpResponse.error();
    });
    const error = await failureOf(readThing());
    expect(error.code).toBe('OFFLINE');
    expect(sent).toHaveLength(1);
  });

  it('sends again once the connection is back', async () => {
    const sent = serveForTest('post', thingsUrl, () => HttpResponse.json({ id: 'a' }));
    onlineManager.setOnline(false);
    await failureOf(writeThing('POST'));
    onlineManager.setOnline(true);
    await expect(writeThing('POST')).resolves.toEqual({ id: 'a' });
    expect(sent).toHaveLength(1);
  });
});
