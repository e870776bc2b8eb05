import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Zip, ZipPassThrough } from 'fflate';

/** Chunks are gathered into Blobs this large, so a long file lives in the blob store, not the heap. */
const BLOB_PART_BYTES = 4 * 1024 * 1024;

/** Builds one Blob from many small chunks while holding at most one part's worth of them. */
export class BlobCollector {
  private readonly parts: Blob[] = [];
  private pending: Uint8Array<ArrayBuffer>[] = [];
  private pendingBytes = 0;
  size = 0;

  add(chunk: Uint8Array): void {
    // A copy: the writer may reuse its buffer, and a Blob part must not change under us.
    this.pending.push(new Uint8Array(chunk));
    this.pendingBytes += chunk.byteLength;
    this.size += chunk.byteLength;
    if (this.pendingBytes >= BLOB_PART_BYTES) this.flush();
  }

  finish(type: string): Blob {
    this.flush();
    return new Blob(this.parts, { type });
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(new Blob(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

export interface HashedBlob {
  blob: Blob;
  /** Lower-case hex. */
  sha256: string;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Cancelled', 'AbortError');
}

/**
 * Reads a stream into a Blob and hashes it on the way, a chunk at a time: Web Crypto can only
 * hash a whole buffer, which for a long video is the memory this avoids.
 */
export async function readHashed(
  stream: ReadableStream<Uint8Array>,
  type: string,
  signal: AbortSignal,
  onBytes: (loaded: number) => void,
): Promise<HashedBlob> {
  const hash = sha256.create();
  const collector = new BlobCollector();
  const reader = stream.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw abortError(signal);
      if (done) break;
      hash.update(value);
      collector.add(value);
      onBytes(collector.size);
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return { blob: collector.finish(type), sha256: bytesToHex(hash.digest()) };
}

export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/**
 * A ZIP written as files are added: entries are stored as they are (video, JPEG and PDF are
 * compressed already) and the archive grows in the blob store, one part at a time.
 */
export class PacketZipWriter {
  private readonly output = new BlobCollector();
  private readonly zip: Zip;
  private readonly ended: Promise<void>;
  private readonly modified = new Date();

  constructor() {
    let resolveEnded: () => void = () => undefined;
    let rejectEnded: (error: Error) => void = () => undefined;
    this.ended = new Promise<void>((resolve, reject) => {
      resolveEnded = resolve;
      rejectEnded = reject;
    });
    // A failure before finish() is awaited must not surface as an unhandled rejection.
    this.ended.catch(() => undefined);
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        rejectEnded(error);
        return;
      }
      this.output.add(chunk);
      if (final) resolveEnded();
    });
  }

  /** Copies the blob into the archive a chunk at a time. */
  async addBlob(path: string, blob: Blob, signal: AbortSignal): Promise<void> {
    const entry = this.entry(path);
    const reader = blob.stream().getReader();
    for (;;) {
      if (signal.aborted) {
        await reader.cancel().catch(() => undefined);
        throw abortError(signal);
      }
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
    }
    entry.push(new Uint8Array(0), true);
  }

  addBytes(path: string, bytes: Uint8Array): void {
    this.entry(path).push(bytes, true);
  }

  async finish(): Promise<Blob> {
    this.zip.end();
    await this.ended;
    return this.output.finish('application/zip');
  }

  /** Stops the archive (on Cancel): what was written is dropped with the writer. */
  abandon(): void {
    this.zip.terminate();
  }

  private entry(path: string): ZipPassThrough {
    const entry = new ZipPassThrough(path);
    entry.mtime = this.modified;
    this.zip.add(entry);
    return entry;
  }
}
