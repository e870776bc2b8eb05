import { bypass } from 'msw';

/**
 * Where the fake service gets the bytes of a demo clip (public/demo-media/<clip>.mp4). The
 * browser fetches the static file past the service worker; Vitest installs a filesystem loader
 * (media-node.ts) so node-only imports stay out of the browser bundle.
 */
export type ClipLoader = (clip: string) => Promise<Uint8Array | null>;

const CLIP_NAME = /^[a-z0-9-]+$/;

const browserClipLoader: ClipLoader = async (clip) => {
  const response = await fetch(bypass(`${import.meta.env.BASE_URL}demo-media/${clip}.mp4`));
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
};

let loader: ClipLoader = browserClipLoader;
const cache = new Map<string, Promise<Uint8Array | null>>();

export function setClipLoader(next: ClipLoader): void {
  loader = next;
  cache.clear();
}

/** The clip's bytes, or null when there is no such clip; each clip is read once. */
export function loadClip(clip: string): Promise<Uint8Array | null> {
  if (!CLIP_NAME.test(clip)) return Promise.resolve(null);
  let bytes = cache.get(clip);
  if (!bytes) {
    bytes = loader(clip).catch(() => null);
    cache.set(clip, bytes);
  }
  return bytes;
}

/**
 * A stand-in DriveCam event file: a "DCE1" magic, a JSON header describing the event, then
 * deterministic filler bytes (the real format is proprietary; the console only downloads it).
 */
export function buildDceFile(header: Record<string, unknown>, seed: string): Uint8Array {
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const fillerLength = 4096;
  const file = new Uint8Array(8 + headerBytes.length + fillerLength);
  file.set(new TextEncoder().encode('DCE1'), 0);
  new DataView(file.buffer).setUint32(4, headerBytes.length, true);
  file.set(headerBytes, 8);
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  for (let index = 8 + headerBytes.length; index < file.length; index++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    file[index] = state >>> 24;
  }
  return file;
}
