/** Text read from an uploaded file, or why it cannot be used. */
export type DecodedText = { ok: true; text: string } | { ok: false; message: string };

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * UTF-8 text (with or without a byte order mark) from an uploaded file. Every other encoding is
 * refused with advice: decoding Windows-1252 or UTF-16 as UTF-8 would silently garble names.
 * `saveAsAdvice` tells the user how to save the file so that it can be read.
 */
export function decodeUtf8Text(bytes: Uint8Array, saveAsAdvice: string): DecodedText {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return {
      ok: false,
      message: `The file is UTF-16 text (Excel's "Unicode Text"). ${saveAsAdvice}`,
    };
  }
  const sample = bytes.subarray(0, 8192);
  const nulCount = sample.reduce((count, byte) => count + (byte === 0 ? 1 : 0), 0);
  if (nulCount > 0) {
    // Text with a NUL in every other byte is UTF-16 without its byte order mark.
    const looksUtf16 = nulCount >= sample.length / 4;
    return {
      ok: false,
      message: looksUtf16
        ? `The file looks like UTF-16 text. ${saveAsAdvice}`
        : `The file holds binary data, not text. ${saveAsAdvice}`,
    };
  }
  try {
    // TextDecoder drops a UTF-8 byte order mark itself.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      ok: false,
      message: `The file is not UTF-8 text; it may be saved in an older encoding such as Windows-1252, which would garble names. ${saveAsAdvice}`,
    };
  }
}
