/** Pictures for the report, made in the page: stills from the video and a map around the event. */

import { t } from '@lingui/core/macro';

export interface PacketImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

const STILL_WIDTH = 640;
const STEP_TIMEOUT_MS = 8000;

/** Resolves on the element's event, rejects on its error, the timeout or the signal. */
function once(target: HTMLMediaElement, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      clearTimeout(timer);
      target.removeEventListener(name, onEvent);
      target.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onEvent = () => done();
    // Shown in the report and the progress when no still could be taken.
    const onError = () => done(new Error(t`The video could not be decoded.`));
    const onAbort = () => done(signal.reason ?? new Error('Cancelled'));
    const timer = setTimeout(
      () => done(new Error(t`The video took too long to decode.`)),
      STEP_TIMEOUT_MS,
    );
    target.addEventListener(name, onEvent);
    target.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
  });
}

function canvasBytes(
  canvas: HTMLCanvasElement,
  type: 'image/jpeg' | 'image/png',
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          reject(new Error(t`The picture could not be encoded.`));
          return;
        }
        void blob.arrayBuffer().then((buffer) => resolve(new Uint8Array(buffer)), reject);
      },
      type,
      0.85,
    );
  });
}

/**
 * Frames of the clip at the given seconds (kept inside the clip), as JPEGs. `secondsFor` is given
 * the clip's length, since the moments depend on it.
 */
export async function captureStills(
  video: Blob,
  secondsFor: (duration: number) => readonly number[],
  signal: AbortSignal,
): Promise<(PacketImage & { second: number })[]> {
  const url = URL.createObjectURL(video);
  const element = document.createElement('video');
  element.muted = true;
  element.preload = 'auto';
  element.playsInline = true;
  try {
    const loaded = once(element, 'loadeddata', signal);
    element.src = url;
    await loaded;
    const duration = Number.isFinite(element.duration) ? element.duration : 0;
    const canvas = document.createElement('canvas');
    const scale = Math.min(1, STILL_WIDTH / (element.videoWidth || STILL_WIDTH));
    canvas.width = Math.round((element.videoWidth || STILL_WIDTH) * scale);
    canvas.height = Math.round((element.videoHeight || 360) * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(t`This browser cannot draw the video’s frames.`);
    const stills: (PacketImage & { second: number })[] = [];
    for (const wanted of secondsFor(duration)) {
      const second = Math.min(Math.max(wanted, 0), Math.max(duration - 0.05, 0));
      const seeked = once(element, 'seeked', signal);
      element.currentTime = second;
      await seeked;
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      stills.push({
        bytes: await canvasBytes(canvas, 'image/jpeg'),
        width: canvas.width,
        height: canvas.height,
        second,
      });
    }
    return stills;
  } finally {
    element.removeAttribute('src');
    element.load();
    URL.revokeObjectURL(url);
  }
}

const TILE_SIZE = 256;
const MAP_ZOOM = 15;
const MAP_WIDTH = 512;
const MAP_HEIGHT = 320;
const TILE_TIMEOUT_MS = 5000;

/** Where a point falls on the Web Mercator tile grid at `zoom`, in tile units. */
export function tilePosition(
  latitude: number,
  longitude: number,
  zoom: number,
): { x: number; y: number } {
  const scale = 2 ** zoom;
  const latRad = (latitude * Math.PI) / 180;
  return {
    x: ((longitude + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * scale,
  };
}

function tileUrl(template: string, x: number, y: number, zoom: number): string {
  const wrapped = ((x % 2 ** zoom) + 2 ** zoom) % 2 ** zoom;
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(wrapped))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

function loadTile(url: string, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Without CORS the canvas would be tainted and could not be saved.
    image.crossOrigin = 'anonymous';
    const done = (error?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(image);
    };
    const onAbort = () => {
      image.src = '';
      done(new Error('Cancelled'));
    };
    const timer = setTimeout(() => done(new Error('A map tile took too long.')), TILE_TIMEOUT_MS);
    image.onload = () => done();
    image.onerror = () => done(new Error('A map tile could not be loaded.'));
    signal.addEventListener('abort', onAbort);
    image.src = url;
  });
}

/** A street map around the point with a marker on it, as a PNG, from the console's map tiles. */
export async function renderMapImage(
  latitude: number,
  longitude: number,
  tileTemplate: string,
  signal: AbortSignal,
): Promise<PacketImage> {
  const centre = tilePosition(latitude, longitude, MAP_ZOOM);
  const left = centre.x * TILE_SIZE - MAP_WIDTH / 2;
  const top = centre.y * TILE_SIZE - MAP_HEIGHT / 2;
  const firstX = Math.floor(left / TILE_SIZE);
  const lastX = Math.floor((left + MAP_WIDTH) / TILE_SIZE);
  const firstY = Math.floor(top / TILE_SIZE);
  const lastY = Math.floor((top + MAP_HEIGHT) / TILE_SIZE);
  const tiles: { x: number; y: number; url: string }[] = [];
  for (let x = firstX; x <= lastX; x++) {
    for (let y = firstY; y <= lastY; y++)
      tiles.push({ x, y, url: tileUrl(tileTemplate, x, y, MAP_ZOOM) });
  }
  const loaded = await Promise.all(
    tiles.map(async (tile) => ({ tile, image: await loadTile(tile.url, signal) })),
  );
  const canvas = document.createElement('canvas');
  canvas.width = MAP_WIDTH;
  canvas.height = MAP_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the map.');
  for (const { tile, image } of loaded) {
    context.drawImage(image, tile.x * TILE_SIZE - left, tile.y * TILE_SIZE - top);
  }
  context.beginPath();
  context.arc(MAP_WIDTH / 2, MAP_HEIGHT / 2, 9, 0, 2 * Math.PI);
  context.fillStyle = '#e03131';
  context.fill();
  context.lineWidth = 3;
  context.strokeStyle = '#ffffff';
  context.stroke();
  return { bytes: await canvasBytes(canvas, 'image/png'), width: MAP_WIDTH, height: MAP_HEIGHT };
}
