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

/** Embeddings and overrides (LRE, RLE, LRO, RLO), each closed by PDF. */
const EMBEDDING_OPENERS = new Set(['\u202A', '\u202B', '\u202D', '\u202E']);
const POP_DIRECTIONAL_FORMATTING = '\u202C';
/** Isolates (LRI, RLI, FSI), each closed by PDI. */
const ISOLATE_OPENERS = new Set(['\u2066', '\u2067', '\u2068']);
const POP_DIRECTIONAL_ISOLATE = '\u2069';
/** Characters that end a paragraph, where the Unicode bidi algorithm closes everything open. */
const PARAGRAPH_SEPARATORS = new Set([
  '\n',
  '\r',
  '\u001C',
  '\u001D',
  '\u001E',
  '\u0085',
  '\u2029',
]);

/**
 * The text with every direction control it opens closed where it ends, and every closer that
 * matches nothing of its own dropped, paired as the Unicode bidi algorithm pairs them. An isolate
 * around the text (`<bdi>`) then holds it whole: an unclosed isolate inside would otherwise take
 * the closing of the outer one, leaving an override such as U+202E to run on through the sentence
 * around the text, and a stray closer would end the outer isolate early.
 */
export function closeDirectionControls(text: string): string {
  // The closer each open control is waiting for, innermost last.
  const open: string[] = [];
  const closeAll = () => open.splice(0).reverse().join('');
  let result = '';
  for (const character of text) {
    if (EMBEDDING_OPENERS.has(character)) {
      open.push(POP_DIRECTIONAL_FORMATTING);
      result += character;
    } else if (ISOLATE_OPENERS.has(character)) {
      open.push(POP_DIRECTIONAL_ISOLATE);
      result += character;
    } else if (character === POP_DIRECTIONAL_FORMATTING) {
      // A PDF closes an embedding only inside the same isolate.
      if (open.at(-1) === POP_DIRECTIONAL_FORMATTING) result += open.pop();
    } else if (character === POP_DIRECTIONAL_ISOLATE) {
      // A PDI closes its isolate and every embedding opened inside it.
      const isolate = open.lastIndexOf(POP_DIRECTIONAL_ISOLATE);
      if (isolate >= 0) result += open.splice(isolate).reverse().join('');
    } else if (PARAGRAPH_SEPARATORS.has(character)) {
      result += closeAll() + character;
    } else {
      result += character;
    }
  }
  return result + closeAll();
}
