/*
 * Whether the file the service gave as an event's video is one. A short text (an error page, a
 * placeholder) passed through as `EVT-….mp4` would be listed as evidence that is not there.
 */

import { plural, t } from '@lingui/core/macro';

/** Top-level boxes an MP4 (ISO base media) file starts with; `ftyp` in nearly every one. */
const FIRST_BOX_TYPES = new Set(['ftyp', 'styp', 'moov', 'mdat', 'free', 'skip', 'wide']);

function looksLikeText(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || byte >= 0x20);
}

/**
 * Why `video` is not an MP4 video, in words for the reader, or null when it looks like one: its
 * content type, when the service gives one, and its first box's type.
 */
export async function notAVideoProblem(video: Blob): Promise<string | null> {
  const type = video.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const head = new Uint8Array(await video.slice(0, 64).arrayBuffer());
  const boxType = String.fromCharCode(...head.slice(4, 8));
  // Storage services send video under many types (octet-stream, binary/…): only text types rule out.
  const typeFits = !type.startsWith('text/') && !/json|xml|html/.test(type);
  if (typeFits && FIRST_BOX_TYPES.has(boxType)) return null;
  const byteCount = video.size;
  let what: string;
  if (byteCount === 0) what = t`an empty file`;
  else if (looksLikeText(head)) {
    what = plural(byteCount, { one: '# byte of text', other: '# bytes of text' });
  } else {
    what = plural(byteCount, {
      one: '# byte of data in no video format',
      other: '# bytes of data in no video format',
    });
  }
  if (type && !typeFits) {
    return t`The video file is not a video (${what}, sent as ${type}). It is packed as the service sent it.`;
  }
  return t`The video file is not a video (${what}). It is packed as the service sent it.`;
}
