import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClipLoader } from './media';

/** Reads demo clips (<clip>.mp4) from a folder: Node has no static file server to fetch them from. */
export function clipLoaderFrom(mediaDirectory: string): ClipLoader {
  return async (clip) => {
    try {
      return new Uint8Array(await readFile(join(mediaDirectory, `${clip}.mp4`)));
    } catch {
      return null;
    }
  };
}

// Built from the path, not `new URL(…, import.meta.url)`, which Vite rewrites into a served URL.
/** The repository's clips, for Vitest. */
export const nodeClipLoader: ClipLoader = clipLoaderFrom(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../public/demo-media'),
);
