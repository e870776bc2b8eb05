import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClipLoader } from './media';

// Built from the path, not `new URL(…, import.meta.url)`, which Vite rewrites into a served URL.
const mediaDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '../../public/demo-media');

/** Reads demo clips from the repository (Vitest runs in Node, with no static file server). */
export const nodeClipLoader: ClipLoader = async (clip) => {
  try {
    return new Uint8Array(await readFile(join(mediaDirectory, `${clip}.mp4`)));
  } catch {
    return null;
  }
};
