/**
 * Characters that change how text is shown without showing themselves: bidi marks, embeddings,
 * overrides and isolates (U+200E/F, U+061C, U+202A–202E, U+2066–2069), zero-width spaces and
 * joiners (U+200B–200D, U+2060), the byte-order mark (U+FEFF) and the soft hyphen (U+00AD).
 */
const INVISIBLE_CHARACTERS = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * A typed confirmation as compared with what it confirms: without invisible characters, which a
 * person cannot see to type, and in one Unicode form, so "é" typed either way matches.
 */
export function normalizeConfirmationText(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '').normalize('NFC').trim();
}

/** Whether `typed` confirms `expected` (e.g. the name of what is deleted). */
export function confirmationMatches(typed: string, expected: string): boolean {
  const wanted = normalizeConfirmationText(expected);
  // A name of invisible characters only has nothing left to type: then it is typed as it is.
  if (!wanted) return typed.trim() === expected.trim() && expected.trim() !== '';
  return normalizeConfirmationText(typed) === wanted;
}
