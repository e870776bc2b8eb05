import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from '@/api/zod';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { readStreamBody, type StreamedBody } from './file-body';
import { readJsonBody } from './response-body';

const thingSchema = z.object({ id: z.string() });
const operation = 'GET /things';

describe('readJsonBody', () => {
  it('reads the body through the schema', async () => {
    const response = Response.json({ id: 'a', extra: 1 });
    await expect(readJsonBody(response, { schema: thingSchema, operation })).resolves.toEqual({
      id: 'a',
    });
  });

  it('reads the body through a reader function, which may refuse it', async () => {
    const readId = (json: unknown) => {
      if (typeof json === 'string') return json;
      throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'No id.' });
    };
    await expect(readJsonBody(Response.json('a'), { schema: readId, operation })).resolves.toBe(
      'a',
    );
    await expect(
      readJsonBody(Response.json({ id: 'a' }), { schema: readId, operation }),
    ).rejects.toMatchObject({ message: 'No id.' });
  });

  it('answers an empty body with the endpoint’s empty value, or refuses it without one', async () => {
    const emptyValue = { id: 'none' };
    await expect(
      readJsonBody(new Response(null, { status: 204 }), {
        schema: thingSchema,
        emptyValue,
        operation,
      }),
    ).resolves.toBe(emptyValue);
    await expect(
      readJsonBody(new Response(''), { schema: thingSchema, operation }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE', message: expect.stringMatching(/empty/) });
  });

  it('refuses a body that is not JSON, or not what the schema reads', async () => {
    await expect(
      readJsonBody(new Response('<html>'), { schema: thingSchema, operation }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE', message: expect.stringMatching(/JSON/) });
    await expect(
      readJsonBody(Response.json(42), { schema: thingSchema, operation }),
    ).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('GET /things'),
    });
  });
});

describe('readStreamBody', () => {
  it('passes the body on as it arrives, with its size and type', async () => {
    const response = new Response('abc', {
      headers: { 'Content-Length': '3', 'Content-Type': 'video/mp4' },
    });
    const streamed = await readStreamBody(response);
    expect(streamed).toMatchObject({ size: 3, type: 'video/mp4' });
    expect(await new Response(streamed.stream).text()).toBe('abc');
  });
});

describe('apiRequest resolves with what its response kind holds', () => {
  const url = `${TEST_SERVICE_BASE_URL}/v1/things`;
  const request = { service: 'users', path: '/things' } as const;
  beforeEach(() => configureTestApiClient());

  it('JSON through the schema', async () => {
    serveForTest('get', url, () => HttpResponse.json({ id: 'a' }));
    const thing = apiRequest({ ...request, schema: thingSchema });
    expectTypeOf(thing).resolves.toEqualTypeOf<{ id: string }>();
    await expect(thing).resolves.toEqual({ id: 'a' });
  });

  it('text as the service sent it', async () => {
    serveForTest('get', url, () => HttpResponse.text('plain words'));
    const text = apiRequest({ ...request, responseKind: 'text' });
    expectTypeOf(text).resolves.toBeString();
    await expect(text).resolves.toBe('plain words');
  });

  it('a blob, asking for any type', async () => {
    const requests = serveForTest(
      'get',
      url,
      () => new HttpResponse('bytes', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = apiRequest({ ...request, responseKind: 'blob' });
    expectTypeOf(blob).resolves.toEqualTypeOf<Blob>();
    const body = await blob;
    expect(body.type).toBe('application/pdf');
    expect(await body.text()).toBe('bytes');
    expect(requests[0]!.headers.get('Accept')).toBe('*/*');
  });

  it('a stream', async () => {
    serveForTest('get', url, () => new HttpResponse('bytes'));
    const streamed = apiRequest({ ...request, responseKind: 'stream' });
    expectTypeOf(streamed).resolves.toEqualTypeOf<StreamedBody>();
    expect(await new Response((await streamed).stream).text()).toBe('bytes');
  });

  it('nothing, whatever the body held', async () => {
    serveForTest('get', url, () => HttpResponse.text('ignored'));
    const nothing = apiRequest({ ...request, responseKind: 'none' });
    expectTypeOf(nothing).resolves.toBeVoid();
    await expect(nothing).resolves.toBeUndefined();
  });
});
