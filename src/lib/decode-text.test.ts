import { describe, expect, it } from 'vitest';
import { decodeUtf8Text } from './decode-text';

const ADVICE = 'Save it as CSV UTF-8.';

/** "Équipe Café Nord" as Windows-1252 / Latin-1 bytes: one byte per accented letter. */
const latin1 = Uint8Array.from([...'Équipe Café Nord'].map((letter) => letter.charCodeAt(0)));

describe('decodeUtf8Text', () => {
  it('refuses Latin-1 text instead of garbling the accents', () => {
    const decoded = decodeUtf8Text(latin1, ADVICE);
    expect(decoded).toEqual({
      ok: false,
      message: `The file is not UTF-8 text; it may be saved in an older encoding such as Windows-1252, which would garble names. ${ADVICE}`,
    });
  });

  it('reads UTF-8 with or without a byte order mark, dropping the mark', () => {
    const utf8 = new TextEncoder().encode('Équipe Café Nord');
    expect(decodeUtf8Text(utf8, ADVICE)).toEqual({ ok: true, text: 'Équipe Café Nord' });
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeUtf8Text(withBom, ADVICE)).toEqual({ ok: true, text: 'Équipe Café Nord' });
  });

  it('refuses UTF-16 (with or without its mark) and binary data', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]);
    expect(decodeUtf8Text(utf16, ADVICE)).toMatchObject({ ok: false, message: /UTF-16/ });
    const unmarked = Uint8Array.from([0x41, 0x00, 0x42, 0x00, 0x43, 0x00]);
    expect(decodeUtf8Text(unmarked, ADVICE)).toMatchObject({ ok: false, message: /UTF-16/ });
    const binary = Uint8Array.from([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x00]);
    expect(decodeUtf8Text(binary, ADVICE)).toMatchObject({ ok: false, message: /binary data/ });
  });

  it('names a picture or document chosen by mistake instead of calling it UTF-16', () => {
    // A PNG's header holds runs of NULs, as UTF-16 text does.
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(decodeUtf8Text(png, ADVICE)).toEqual({
      ok: false,
      message: `The file is a PNG image, not a text file. ${ADVICE}`,
    });
    const pdf = new TextEncoder().encode('%PDF-1.7');
    expect(decodeUtf8Text(pdf, ADVICE)).toMatchObject({ message: /a PDF document, not a text/ });
    // NULs scattered through binary data are not UTF-16's every other byte.
    const scattered = Uint8Array.from({ length: 64 }, (_, index) => (index % 3 === 0 ? 0 : 0x41));
    expect(decodeUtf8Text(scattered, ADVICE)).toMatchObject({ message: /binary data/ });
  });
});
