import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  MATCH_RANK,
  prepareSearchQuery,
  rankIdentifierMatch,
  rankMatches,
  rankTextMatch,
} from './prefix-match';

function query(text: string) {
  const prepared = prepareSearchQuery(text);
  if (!prepared) throw new Error(`"${text}" is not a search`);
  return prepared;
}

describe('rankTextMatch', () => {
  it('ranks the whole text, then its start, then the start of its words', () => {
    expect(rankTextMatch('Settings', query('settings'))).toBe(MATCH_RANK.exact);
    expect(rankTextMatch('New vehicle', query('new v'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('Maria Lopez', query('lop'))).toBe(MATCH_RANK.wordStart);
  });

  it('ignores case, accents and extra spaces', () => {
    expect(rankTextMatch('José Álvarez', query('  JOSE   al'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('MARIA LOPEZ', query('maria'))).toBe(MATCH_RANK.textStart);
    expect(foldForSearch(' Crème  Brûlée ')).toBe('creme brulee');
  });

  it('finds accented names typed without their accents, and the other way round', () => {
    expect(rankTextMatch('Gómez', query('gomez'))).toBe(MATCH_RANK.exact);
    expect(rankTextMatch('Ana Gómez', query('gom'))).toBe(MATCH_RANK.wordStart);
    expect(rankTextMatch('Gomez', query('Gómez'))).toBe(MATCH_RANK.exact);
    expect(rankTextMatch('François Lefèvre', query('francois lef'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('Peña Nieto', query('pena'))).toBe(MATCH_RANK.textStart);
    // A name written with combining accents (as some systems send them) folds the same.
    expect(rankTextMatch('Go\u0301mez', query('gómez'))).toBe(MATCH_RANK.exact);
  });

  it('finds letters Unicode does not split into a letter and an accent by their plain spelling', () => {
    expect(rankTextMatch('Łódź Depot', query('lodz'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('Cœur-de-Lion', query('coeur'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('Straße 5', query('strasse'))).toBe(MATCH_RANK.textStart);
    expect(rankTextMatch('Søren Ærø', query('soren aero'))).toBe(MATCH_RANK.exact);
    expect(foldForSearch('ŁØĐ Œ Æ')).toBe('lod oe ae');
  });

  it('needs every typed word to start a word, in any order', () => {
    expect(rankTextMatch('Upload dispatch schedule', query('sched up'))).toBe(MATCH_RANK.wordStart);
    expect(rankTextMatch('Upload dispatch schedule', query('sched down'))).toBeNull();
  });

  it('does not match inside a word', () => {
    expect(rankTextMatch('Maria Lopez', query('ria'))).toBeNull();
    expect(rankTextMatch('Portland Depot', query('land'))).toBeNull();
  });

  it('reads words across punctuation: usernames and emails', () => {
    expect(rankTextMatch('maria.lopez@cascadefreight.com', query('lopez'))).toBe(
      MATCH_RANK.wordStart,
    );
    expect(rankTextMatch('maria.lopez@cascadefreight.com', query('maria.lo'))).toBe(
      MATCH_RANK.textStart,
    );
  });

  it('matches nothing for a missing text', () => {
    expect(rankTextMatch(null, query('a'))).toBeNull();
    expect(rankTextMatch('', query('a'))).toBeNull();
  });
});

describe('rankIdentifierMatch', () => {
  it('finds plates typed with or without their space or dash', () => {
    expect(rankIdentifierMatch('942 ETJ', query('942 e'))).toBe(MATCH_RANK.textStart);
    expect(rankIdentifierMatch('942 ETJ', query('942e'))).toBe(MATCH_RANK.textStart);
    expect(rankIdentifierMatch('942 ETJ', query('942-etj'))).toBe(MATCH_RANK.exact);
    expect(rankIdentifierMatch('ABC-1234', query('abc12'))).toBe(MATCH_RANK.textStart);
  });

  it('finds a plate by its second part', () => {
    expect(rankIdentifierMatch('942 ETJ', query('etj'))).toBe(MATCH_RANK.wordStart);
  });

  it('finds VINs and serials by their start, whatever the case', () => {
    expect(rankIdentifierMatch('3AKJHHDR4TU103852', query('3akjh'))).toBe(MATCH_RANK.textStart);
    expect(rankIdentifierMatch('3AKJHHDR4TU103852', query('3AKJHHDR4TU103852'))).toBe(
      MATCH_RANK.exact,
    );
    expect(rankIdentifierMatch('3AKJHHDR4TU103852', query('103852'))).toBeNull();
    expect(rankIdentifierMatch('SF80008002', query('sf8000'))).toBe(MATCH_RANK.textStart);
  });
});

describe('prepareSearchQuery', () => {
  it('is null when nothing searchable was typed', () => {
    expect(prepareSearchQuery('')).toBeNull();
    expect(prepareSearchQuery('  - ')).toBeNull();
  });
});

describe('rankMatches', () => {
  const items = [
    { name: 'Lopez Transport', code: 'LT-2' },
    { name: 'Maria Lopez', code: 'ML-1' },
    { name: 'Lopez', code: 'X' },
    { name: 'Lopes', code: 'LOP-9' },
  ];
  const fields = (item: (typeof items)[number]) =>
    [
      { field: 'name', value: item.name, kind: 'text' },
      { field: 'code', value: item.code, kind: 'identifier' },
    ] as const;

  it('orders by rank, then by name, and names the field that matched', () => {
    const matches = rankMatches(items, 'lop', fields, (item) => item.name);
    expect(matches.map((match) => [match.item.name, match.rank, match.field])).toEqual([
      ['Lopes', MATCH_RANK.textStart, 'name'],
      ['Lopez', MATCH_RANK.textStart, 'name'],
      ['Lopez Transport', MATCH_RANK.textStart, 'name'],
      ['Maria Lopez', MATCH_RANK.wordStart, 'name'],
    ]);
    expect(rankMatches(items, 'lopez', fields, (item) => item.name)[0]!.rank).toBe(
      MATCH_RANK.exact,
    );
  });

  it('keeps the best field of a record and stops at the limit', () => {
    const matches = rankMatches(items, 'ml1', fields, (item) => item.name);
    expect(matches).toEqual([{ item: items[1], rank: MATCH_RANK.exact, field: 'code' }]);
    expect(rankMatches(items, 'l', fields, (item) => item.name, 2)).toHaveLength(2);
  });

  it('returns nothing for an empty search', () => {
    expect(rankMatches(items, ' ', fields, (item) => item.name)).toEqual([]);
  });

  it('orders names with accents where people look for them, not after Z', () => {
    const people = [{ name: 'Zoë Adams' }, { name: 'Émile Adams' }, { name: 'Ana Adams' }];
    const names = rankMatches(
      people,
      'adams',
      (person) => [{ field: 'name', value: person.name, kind: 'text' }] as const,
      (person) => person.name,
    ).map((match) => match.item.name);
    expect(names).toEqual(['Ana Adams', 'Émile Adams', 'Zoë Adams']);
  });
});
