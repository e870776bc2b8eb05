import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PacketZipWriter, readHashed, sha256Hex } from './packet-zip';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('readHashed', () => {
  it('hashes a stream read in pieces as the whole file would be hashed', async () => {
    const whole = new TextEncoder().encode('abc'.repeat(10_000));
    const chunks = [whole.slice(0, 7), whole.slice(7, 20_000), whole.slice(20_000)];
    const seen: number[] = [];
    const read = await readHashed(
      streamOf(chunks),
      'video/mp4',
      new AbortController().signal,
      (loaded) => seen.push(loaded),
    );
    expect(read.sha256).toBe(sha256Hex(whole));
    expect(await bytesOf(read.blob)).toEqual(whole);
    expect(read.blob.type).toBe('video/mp4');
    expect(seen).toEqual([7, 20_000, 30_000]);
  });

  it('knows the SHA-256 of "abc"', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      pull(streamController) {
        streamController.enqueue(new Uint8Array(10));
      },
    });
    const read = readHashed(stream, '', controller.signal, (loaded) => {
      if (loaded >= 50) controller.abort();
    });
    await expect(read).rejects.toBeDefined();
  });
});

describe('PacketZipWriter', () => {
  it('writes streamed and whole files into one archive that unzips to the same bytes', async () => {
    const video = new Uint8Array(100_000).map((_, index) => index % 251);
    const writer = new PacketZipWriter();
    await writer.addBlob('EVT-1/EVT-1.mp4', new Blob([video]), new AbortController().signal);
    writer.addBytes('manifest.json', new TextEncoder().encode('{"files":[]}'));
    const zip = await writer.finish();
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(await bytesOf(zip));
    expect(Object.keys(files)).toEqual(['EVT-1/EVT-1.mp4', 'manifest.json']);
    expect(files['EVT-1/EVT-1.mp4']).toEqual(video);
    expect(new TextDecoder().decode(files['manifest.json'])).toBe('{"files":[]}');
  });
});
