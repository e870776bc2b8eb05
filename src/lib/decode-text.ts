import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
/** Text read from an uploaded file, or why it cannot be used. */
export type DecodedText = { ok: true; text: string } | { ok: false; message: string };

export function bytesStartWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** Files people pick by mistake, known by their first bytes, so the refusal can name them. */
const knownBinaryFiles: readonly { kind: MessageDescriptor; signature: readonly number[] }[] = [
  { kind: msg`a PNG image`, signature: [0x89, 0x50, 0x4e, 0x47] },
  { kind: msg`a JPEG image`, signature: [0xff, 0xd8, 0xff] },
  { kind: msg`a GIF image`, signature: [0x47, 0x49, 0x46, 0x38] },
  { kind: msg`a PDF document`, signature: [0x25, 0x50, 0x44, 0x46] },
  {
    kind: msg`a ZIP archive (an Excel workbook or KMZ is one)`,
    signature: [0x50, 0x4b, 0x03, 0x04],
  },
  { kind: msg`a compressed (gzip) file`, signature: [0x1f, 0x8b] },
];

/**
 * Text with a NUL in every other byte (and almost none in the others) is UTF-16 without its byte
 * order mark; NULs anywhere else mean binary data.
 */
function looksLikeUtf16(sample: Uint8Array): boolean {
  let even = 0;
  let odd = 0;
  sample.forEach((byte, index) => {
    if (byte !== 0) return;
    if (index % 2 === 0) even += 1;
    else odd += 1;
  });
  const half = sample.length / 2;
  return Math.max(even, odd) >= half * 0.8 && Math.min(even, odd) <= half * 0.05;
}

/**
 * UTF-8 text (with or without a byte order mark) from an uploaded file. Every other encoding is
 * refused with advice: decoding Windows-1252 or UTF-16 as UTF-8 would silently garble names.
 * `saveAsAdvice` tells the user how to save the file so that it can be read.
 */
export function decodeUtf8Text(bytes: Uint8Array, saveAsAdvice: string): DecodedText {
  if (bytesStartWith(bytes, [0xff, 0xfe]) || bytesStartWith(bytes, [0xfe, 0xff])) {
    return {
      ok: false,
      message: translate(msg`The file is UTF-16 text (Excel's "Unicode Text"). ${saveAsAdvice}`),
    };
  }
  const known = knownBinaryFiles.find(({ signature }) => bytesStartWith(bytes, signature));
  if (known) {
    const kind = translate(known.kind);
    return {
      ok: false,
      message: translate(msg`The file is ${kind}, not a text file. ${saveAsAdvice}`),
    };
  }
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) {
    return {
      ok: false,
      message: looksLikeUtf16(sample)
        ? translate(msg`The file looks like UTF-16 text. ${saveAsAdvice}`)
        : translate(msg`The file holds binary data, not text. ${saveAsAdvice}`),
    };
  }
  try {
    // TextDecoder drops a UTF-8 byte order mark itself.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      ok: false,
      message: translate(
        msg`The file is not UTF-8 text; it may be saved in an older encoding such as Windows-1252, which would garble names. ${saveAsAdvice}`,
      ),
    };
  }
}
