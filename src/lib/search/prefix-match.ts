/**
 * Prefix matching for finding records by what people type: the start of a name or of any word in
 * it ("lop" finds "Maria Lopez"), the start of an identifier with or without its spaces and dashes
 * ("942e" finds plate "942 ETJ"), without regard to case or accents.
 */

import { compareText } from '@/lib/collate';

/** How well a text answers a search; lower is better. */
export const MATCH_RANK = {
  /** The whole text, e.g. a full plate. */
  exact: 0,
  /** The start of the text. */
  textStart: 1,
  /** Every typed word starts a word of the text, e.g. "lopez" in "Maria Lopez". */
  wordStart: 2,
} as const;
export type MatchRank = (typeof MATCH_RANK)[keyof typeof MATCH_RANK];

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * Letters Unicode does not split into a base letter and an accent, written as people type them
 * on a keyboard without them: "Łódź" is found by "lodz", "Cœur" by "coeur", "Straße" by "strasse".
 */
const UNSPLIT_LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const UNSPLIT_LETTER = /[łøđħıßæœþ]/g;

/**
 * Lower case without accents, so "José" is found by "jose" and "Gómez" by "gomez" (and the other
 * way round: both the text and what is typed are folded).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNSPLIT_LETTER, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

function wordsOf(folded: string): string[] {
  return folded.split(NOT_LETTER_OR_DIGIT).filter(Boolean);
}

function compactOf(folded: string): string {
  return folded.replace(NOT_LETTER_OR_DIGIT, '');
}

/** What was typed, prepared once per search rather than once per record. */
export interface SearchQuery {
  folded: string;
  /** Letters and digits only, for identifiers typed without their separators. */
  compact: string;
  words: string[];
}

/** Null when there is nothing to search for (empty or only spaces and punctuation). */
export function prepareSearchQuery(text: string): SearchQuery | null {
  const folded = foldForSearch(text);
  const words = wordsOf(folded);
  if (words.length === 0) return null;
  return { folded, compact: compactOf(folded), words };
}

/** A name, title or email: the start of the text, or the start of its words. */
export function rankTextMatch(
  text: string | null | undefined,
  query: SearchQuery,
): MatchRank | null {
  if (!text) return null;
  const folded = foldForSearch(text);
  if (folded === query.folded) return MATCH_RANK.exact;
  if (folded.startsWith(query.folded)) return MATCH_RANK.textStart;
  const words = wordsOf(folded);
  const everyWordStarts = query.words.every((typed) =>
    words.some((word) => word.startsWith(typed)),
  );
  return everyWordStarts ? MATCH_RANK.wordStart : null;
}

/**
 * A VIN, plate, serial or employee ID: written with or without spaces and dashes ("ABC-1234",
 * "abc 12", "abc12" all find plate "ABC 1234"), or by one of its parts ("1234").
 */
export function rankIdentifierMatch(
  identifier: string | null | undefined,
  query: SearchQuery,
): MatchRank | null {
  if (!identifier) return null;
  const compact = compactOf(foldForSearch(identifier));
  if (compact === query.compact) return MATCH_RANK.exact;
  if (compact.startsWith(query.compact)) return MATCH_RANK.textStart;
  return rankTextMatch(identifier, query);
}

/** A record that matched, how well, and by which of its fields (the first of the best). */
export interface RankedMatch<Item, Field extends string> {
  item: Item;
  rank: MatchRank;
  field: Field;
}

/**
 * The records whose fields match, best first, then in `sortKey` order. `fieldsOf` lists a record's
 * fields in order of preference, each with the way it is compared.
 */
export function rankMatches<Item, Field extends string>(
  items: readonly Item[],
  text: string,
  fieldsOf: (item: Item) => readonly SearchField<Field>[],
  sortKey: (item: Item) => string,
  limit = Infinity,
): RankedMatch<Item, Field>[] {
  const query = prepareSearchQuery(text);
  if (!query) return [];
  const matches: RankedMatch<Item, Field>[] = [];
  for (const item of items) {
    let best: RankedMatch<Item, Field> | null = null;
    for (const { field, value, kind } of fieldsOf(item)) {
      const rank =
        kind === 'identifier' ? rankIdentifierMatch(value, query) : rankTextMatch(value, query);
      if (rank !== null && (best === null || rank < best.rank)) best = { item, rank, field };
      if (best?.rank === MATCH_RANK.exact) break;
    }
    if (best) matches.push(best);
  }
  matches.sort((a, b) => a.rank - b.rank || compareText(sortKey(a.item), sortKey(b.item)));
  return matches.length > limit ? matches.slice(0, limit) : matches;
}

/** One searchable field of a record. */
export interface SearchField<Field extends string> {
  field: Field;
  value: string | null | undefined;
  kind: 'text' | 'identifier';
}
