/**
 * Three-way comparison of a form's record: as the form was opened (base), as the service holds it
 * now (theirs) and as the user edited it (mine). The service keeps no version, so this is how a
 * save finds out that someone else changed the record meanwhile.
 */

export type ConflictChoice = 'theirs' | 'mine';

export interface ConflictField<Values, Key extends keyof Values = keyof Values> {
  key: Key;
  /** What the form calls the field. */
  label: string;
  /** Whether two values mean the same; by default trimmed text, else structural equality. */
  same?: (a: Values[Key], b: Values[Key]) => boolean;
}

export interface FieldConflict<Values> {
  key: keyof Values;
  label: string;
  theirs: Values[keyof Values];
  mine: Values[keyof Values];
  /** The user changed this field too (a true clash); else only the other person did. */
  changedByMe: boolean;
}

function defaultSame(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  if (a === b) return true;
  // null and undefined both mean "not set".
  if (a == null || b == null) return a == null && b == null;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields someone else changed since the form was opened and that now differ from the form.
 * A field both sides changed to the same value is no conflict; neither is one only the user
 * changed (their save is what the user wants).
 */
export function findEditConflicts<Values>(
  base: Values,
  theirs: Values,
  mine: Values,
  fields: readonly ConflictField<Values>[],
): FieldConflict<Values>[] {
  const conflicts: FieldConflict<Values>[] = [];
  for (const field of fields) {
    const same = (field.same ?? defaultSame) as (a: unknown, b: unknown) => boolean;
    const key = field.key;
    if (same(base[key], theirs[key])) continue;
    if (same(theirs[key], mine[key])) continue;
    conflicts.push({
      key,
      label: field.label,
      theirs: theirs[key],
      mine: mine[key],
      changedByMe: !same(base[key], mine[key]),
    });
  }
  return conflicts;
}

/** The default choice per field: the user's value where they changed it, else the other one. */
export function defaultConflictChoices<Values>(
  conflicts: readonly FieldConflict<Values>[],
): Map<keyof Values, ConflictChoice> {
  return new Map(
    conflicts.map((conflict) => [conflict.key, conflict.changedByMe ? 'mine' : 'theirs']),
  );
}

/** Every conflicting field resolved the same way. */
export function uniformConflictChoices<Values>(
  conflicts: readonly FieldConflict<Values>[],
  choice: ConflictChoice,
): Map<keyof Values, ConflictChoice> {
  return new Map(conflicts.map((conflict) => [conflict.key, choice]));
}

/**
 * The form after the choices: a field kept as theirs takes their value, every other field keeps
 * what the user has in the form. Fields the user never touched follow the service (so a full
 * replacement does not undo the other person's change to them); the new base is theirs.
 */
export function resolveEditConflicts<Values>(
  base: Values,
  theirs: Values,
  mine: Values,
  fields: readonly ConflictField<Values>[],
  choices: ReadonlyMap<keyof Values, ConflictChoice>,
): Values {
  const resolved = { ...mine };
  for (const field of fields) {
    const same = (field.same ?? defaultSame) as (a: unknown, b: unknown) => boolean;
    const key = field.key;
    const choice = choices.get(key);
    if (choice === 'theirs') resolved[key] = theirs[key];
    else if (choice === 'mine') resolved[key] = mine[key];
    else if (same(base[key], mine[key])) resolved[key] = theirs[key];
  }
  return resolved;
}
