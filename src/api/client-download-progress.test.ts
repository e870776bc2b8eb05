// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { apiRequest } from './client';
import type { DownloadProgress } from './file-body';

const fileUrl = `${TEST_SERVICE_BASE_URL}/v0/video/safety/file`;

/** A body sent as separate chunks, as a large file arrives over the network. */
function chunkedBody(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function downloadWithProgress(signal?: AbortSignal) {
  const progress: DownloadProgress[] = [];
  const result = apiRequest({
    service: 'safety',
    path: '/file',
    responseKind: 'blob',
    onProgress: (update) => progress.push(update),
    signal,
  });
  return { progress, result };
}

describe('apiRequest blob progress', () => {
  beforeEach(() => configureTestApiClient());

  it('reports bytes as they arrive against Content-Length and returns the whole Blob', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];
    mockServer.use(
      http.get(
        fileUrl,
        () =>
          new HttpResponse(chunkedBody(chunks), {
            headers: { 'Content-Type': 'video/mp4', 'Content-Length': '6' },
          }),
      ),
    );
    const { progress, result } = downloadWithProgress();
    const blob = await result;
    expect(blob.type).toBe('video/mp4');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress[0]).toEqual({ loaded: 0, total: 6 });
    expect(progress.at(-1)).toEqual({ loaded: 6, total: 6 });
    // Never goes backwards.
    const loaded = progress.map((update) => update.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
  });

  it('reports a null total when the service sends no Content-Length', async () => {
    mockServer.use(
      http.get(fileUrl, () => new HttpResponse(chunkedBody([new Uint8Array([9, 9])]))),
    );
    const { progress, result } = downloadWithProgress();
    await result;
    expect(progress.at(-1)).toEqual({ loaded: 2, total: null });
  });

  it('still goes through the error handling: a 404 is a NOT_FOUND ApiError, no progress', async () => {
    mockServer.use(
      http.get(fileUrl, () => new HttpResponse('File does not exist.', { status: 404 })),
    );
    const { progress, result } = downloadWithProgress();
    await expect(result).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'File does not exist.',
    });
    expect(progress).toEqual([]);
  });

  it('turns an abort while the body streams into an ABORTED ApiError', async () => {
    const controller = new AbortController();
    mockServer.use(
      http.get(
        fileUrl,
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(stream) {
                stream.enqueue(new Uint8Array([1]));
                // Never closes: the download is cut off by the abort below.
              },
            }),
            { headers: { 'Content-Length': '100' } },
          ),
      ),
    );
    const { progress, result } = downloadWithProgress(controller.signal);
    await expect.poll(() => progress.length).toBeGreaterThan(1);
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
