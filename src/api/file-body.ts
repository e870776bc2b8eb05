import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
import { abortedError, ApiError } from './api-error';

// Readers of a file's body (a clip, an export): apart from the JSON and text readers, and loaded
// when the first file is read, so the sign-in page does not carry them.

/** A `stream` response: the body as it arrives, for files too large to hold whole in the page. */
export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  /** From Content-Length; null when the service did not say. */
  size: number | null;
  type: string;
}

/** How much of a `blob` response has arrived; `total` is null without a Content-Length. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

export async function readStreamBody(response: Response): Promise<StreamedBody> {
  return {
    stream: response.body ?? (await response.blob()).stream(),
    size: contentLength(response),
    type: response.headers.get('Content-Type') ?? '',
  };
}

/** The whole body; with `onProgress`, read chunk by chunk so large files can show progress. */
export async function readBlobBody(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  if (!onProgress) return response.blob();
  const total = contentLength(response);
  const type = response.headers.get('Content-Type') ?? '';
  onProgress({ loaded: 0, total });
  try {
    if (!response.body) {
      const blob = await response.blob();
      onProgress({ loaded: blob.size, total: blob.size });
      return blob;
    }
    const reader = response.body.getReader();
    // Not every fetch implementation errors the body on abort: cancelling ends the read loop.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener('abort', cancel, { once: true });
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        onProgress({ loaded, total });
      }
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    if (signal?.aborted) throw abortedError(signal.reason);
    return new Blob(chunks, { type });
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    if (signal?.aborted) throw abortedError(cause);
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: translate(msg`The download was interrupted. Check your connection and try again.`),
      cause,
    });
  }
}

function contentLength(response: Response): number | null {
  const length = Number(response.headers.get('Content-Length'));
  return Number.isInteger(length) && length > 0 ? length : null;
}
