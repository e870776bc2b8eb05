import { describe, expect, it } from 'vitest';
import {
  defaultConflictChoices,
  findEditConflicts,
  knownValues,
  resolveEditConflicts,
  stillUnread,
  uniformConflictChoices,
  unknownAfterEdit,
  unreadFieldsError,
  unreadKeys,
  type ConflictField,
  type UnreadFields,
} from './edit-conflicts';

interface Record {
  name: string;
  make: string;
  year: string;
  roles: string[];
  groupId: string | null;
}

const fields: ConflictField<Record>[] = [
  { key: 'name', label: 'Name' },
  { key: 'make', label: 'Make' },
  { key: 'year', label: 'Model year' },
  {
    key: 'roles',
    label: 'Roles',
    same: (a, b) => [...(a as string[])].sort().join() === [...(b as string[])].sort().join(),
  },
  { key: 'groupId', label: 'Group' },
];

const base: Record = { name: 'PDX-01', make: 'Ford', year: '2020', roles: ['a'], groupId: 'g1' };

describe('findEditConflicts', () => {
  it('finds nothing when nobody else changed the record', () => {
    const mine = { ...base, name: 'PDX-01b', make: 'Volvo' };
    expect(findEditConflicts(base, { ...base }, mine, fields)).toEqual([]);
  });

  it('names a field both changed differently, with both values', () => {
    const theirs = { ...base, name: 'PDX-01 (theirs)' };
    const mine = { ...base, name: 'PDX-01 (mine)' };
    expect(findEditConflicts(base, theirs, mine, fields)).toEqual([
      {
        key: 'name',
        label: 'Name',
        theirs: 'PDX-01 (theirs)',
        mine: 'PDX-01 (mine)',
        changedByMe: true,
      },
    ]);
  });

  it('reports a field only they changed, marked as untouched by the user', () => {
    const theirs = { ...base, make: 'Volvo' };
    const [conflict] = findEditConflicts(base, theirs, { ...base, year: '2021' }, fields);
    expect(conflict).toMatchObject({ key: 'make', theirs: 'Volvo', mine: 'Ford' });
    expect(conflict?.changedByMe).toBe(false);
  });

  it('ignores the same change made on both sides, whitespace, and reordered lists', () => {
    const theirs = { ...base, name: 'Same', make: 'Ford ', roles: ['b', 'a'] };
    const mine = { ...base, name: 'Same', roles: ['a', 'b'] };
    expect(findEditConflicts(base, theirs, mine, fields)).toEqual([]);
  });

  it('treats null and a value as different', () => {
    const theirs = { ...base, groupId: null };
    expect(findEditConflicts(base, theirs, base, fields).map((c) => c.key)).toEqual(['groupId']);
  });
});

describe('resolveEditConflicts', () => {
  const theirs = { ...base, name: 'Theirs', make: 'Volvo' };
  const mine = { ...base, name: 'Mine', year: '2022' };
  const conflicts = findEditConflicts(base, theirs, mine, fields);

  it('defaults to the user where they changed a field and to the others elsewhere', () => {
    expect(Object.fromEntries(defaultConflictChoices(conflicts))).toEqual({
      name: 'mine',
      make: 'theirs',
    });
  });

  it('keeping theirs replaces only the conflicting fields; the rest of the typing stays', () => {
    const resolved = resolveEditConflicts(
      base,
      theirs,
      mine,
      fields,
      uniformConflictChoices(conflicts, 'theirs'),
    );
    expect(resolved).toEqual({ ...base, name: 'Theirs', make: 'Volvo', year: '2022' });
  });

  it('overwriting keeps every value of the form', () => {
    const resolved = resolveEditConflicts(
      base,
      theirs,
      mine,
      fields,
      uniformConflictChoices(conflicts, 'mine'),
    );
    expect(resolved).toEqual(mine);
  });

  it('merges field by field', () => {
    const choices = new Map([
      ['name', 'theirs'],
      ['make', 'mine'],
    ] as const);
    expect(resolveEditConflicts(base, theirs, mine, fields, choices)).toEqual({
      ...base,
      name: 'Theirs',
      make: 'Ford',
      year: '2022',
    });
  });

  it('follows the service for untouched fields that are not in the choices', () => {
    const later = { ...theirs, year: '2019' };
    const untouched = { ...base, name: 'Mine' };
    const resolved = resolveEditConflicts(base, later, untouched, fields, new Map());
    expect(resolved).toEqual({ ...later, name: 'Mine' });
  });
});

describe('partial answers: a field a read left out is unknown, not "not set"', () => {
  // The re-read left out make (the form shows a placeholder for it): the service still has Ford.
  const theirs: Record = { ...base, make: '', year: '2021' };
  const leftOutNow: UnreadFields<Record> = { theirs: new Set(['make']) };

  it('reports no conflict over a field the re-read left out', () => {
    const leftOut = { ...base, make: '' };
    expect(findEditConflicts(base, leftOut, base, fields, leftOutNow)).toEqual([]);
    const typed = { ...base, make: 'Volvo' };
    expect(findEditConflicts(base, leftOut, typed, fields, leftOutNow)).toEqual([]);
  });

  it('reports no conflict over a field the first read left out', () => {
    const opened: Record = { ...base, make: '' };
    const unread: UnreadFields<Record> = { base: new Set(['make']) };
    expect(findEditConflicts(opened, base, opened, fields, unread)).toEqual([]);
    // Untouched, it takes what the re-read found; typed into, the user's value.
    expect(resolveEditConflicts(opened, base, opened, fields, new Map(), unread).make).toBe('Ford');
    const typed = { ...opened, make: 'Volvo' };
    expect(resolveEditConflicts(opened, base, typed, fields, new Map(), unread).make).toBe('Volvo');
  });

  it('keeps the form’s value where the re-read left the field out, never the placeholder', () => {
    const resolved = resolveEditConflicts(base, theirs, base, fields, new Map(), leftOutNow);
    expect(resolved).toEqual({ ...base, year: '2021' });
    const keptTheirs = resolveEditConflicts(
      base,
      theirs,
      base,
      fields,
      new Map([['make', 'theirs']]),
      leftOutNow,
    );
    expect(keptTheirs.make).toBe('Ford');
  });

  it('diffs against what is known: the re-read where it answered, the first read elsewhere', () => {
    expect(knownValues(base, theirs, leftOutNow)).toEqual({ ...base, year: '2021' });
    expect(knownValues(base, theirs)).toEqual(theirs);
  });

  it('names the fields a full replacement could only guess: left out twice and not typed into', () => {
    const both: UnreadFields<Record> = {
      base: new Set(['make', 'year']),
      theirs: new Set(['make', 'year', 'name']),
    };
    expect([...stillUnread(both)]).toEqual(['make', 'year']);
    const opened: Record = { ...base, make: '', year: '' };
    const typedYear = { ...opened, year: '2024' };
    expect(unknownAfterEdit(opened, typedYear, fields, both).map((field) => field.label)).toEqual([
      'Make',
    ]);
    expect(unknownAfterEdit(opened, typedYear, fields, leftOutNow)).toEqual([]);
  });

  it('tells absent from null', () => {
    const answer: { a?: string | null; b?: string | null; c?: string | null } = { a: null, b: 'x' };
    expect([...unreadKeys(answer, ['a', 'b', 'c'])]).toEqual(['c']);
  });

  it('says what was left out and that nothing was sent', () => {
    expect(unreadFieldsError(['Email', 'Employee ID'], 'the user').message).toBe(
      "The service's answer left out Email and Employee ID. Saving the user replaces every " +
        'field, so it would clear them: nothing was sent.',
    );
  });
});
