import { msg } from '@lingui/core/macro';
import { getFormatLocale } from '@/i18n/locale';
import { translate } from '@/i18n/translate';
/**
 * Three-way comparison of a form's record: as the form was opened (base), as the service holds it
 * now (theirs) and as the user edited it (mine). The service keeps no version, so this is how a
 * save finds out that someone else changed the record meanwhile.
 */

export type ConflictChoice = 'theirs' | 'mine';

/**
 * The fields a read left out, per side. A left-out field is unknown (not "not set"): it is never
 * compared, and a save never writes back the placeholder the form shows for it.
 */
export interface UnreadFields<Values> {
  /** Left out when the form was opened. */
  base?: ReadonlySet<keyof Values>;
  /** Left out by the read just before saving. */
  theirs?: ReadonlySet<keyof Values>;
}

const isUnread = <Values>(unread: UnreadFields<Values>, key: keyof Values) =>
  !!unread.base?.has(key) || !!unread.theirs?.has(key);

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
 * changed (their save is what the user wants), nor one either read left out (nobody can tell).
 */
export function findEditConflicts<Values>(
  base: Values,
  theirs: Values,
  mine: Values,
  fields: readonly ConflictField<Values>[],
  unread: UnreadFields<Values> = {},
): FieldConflict<Values>[] {
  const conflicts: FieldConflict<Values>[] = [];
  for (const field of fields) {
    const same = (field.same ?? defaultSame) as (a: unknown, b: unknown) => boolean;
    const key = field.key;
    if (isUnread(unread, key)) continue;
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
 * replacement does not undo the other person's change to them); the new base is `knownValues`.
 * A field the re-read left out keeps the form's value: theirs is a placeholder there.
 */
export function resolveEditConflicts<Values>(
  base: Values,
  theirs: Values,
  mine: Values,
  fields: readonly ConflictField<Values>[],
  choices: ReadonlyMap<keyof Values, ConflictChoice>,
  unread: UnreadFields<Values> = {},
): Values {
  const resolved = { ...mine };
  for (const field of fields) {
    const same = (field.same ?? defaultSame) as (a: unknown, b: unknown) => boolean;
    const key = field.key;
    if (unread.theirs?.has(key)) continue;
    const choice = choices.get(key);
    if (choice === 'theirs') resolved[key] = theirs[key];
    else if (choice === 'mine') resolved[key] = mine[key];
    else if (same(base[key], mine[key])) resolved[key] = theirs[key];
  }
  return resolved;
}

/**
 * The record as last known: theirs, except where the re-read left a field out, which keeps what
 * the form read before. What a save diffs against, and the form's next base.
 */
export function knownValues<Values>(
  base: Values,
  theirs: Values,
  unread: UnreadFields<Values> = {},
): Values {
  // Nothing left out: theirs as it is (a copy would turn a list of roles into an object).
  if (!unread.theirs?.size) return theirs;
  const known = { ...theirs };
  for (const key of unread.theirs) known[key] = base[key];
  return known;
}

/** The fields neither read sent: still unknown after the re-read (the next base's unread set). */
export function stillUnread<Values>(unread: UnreadFields<Values>): Set<keyof Values> {
  return new Set([...(unread.theirs ?? [])].filter((key) => unread.base?.has(key)));
}

/**
 * The fields a full replacement could only guess: neither read sent them and the user typed
 * nothing into them. A PUT must not be sent while any are left (it would clear them).
 */
export function unknownAfterEdit<Values>(
  base: Values,
  mine: Values,
  fields: readonly ConflictField<Values>[],
  unread: UnreadFields<Values>,
): ConflictField<Values>[] {
  const unknown = stillUnread(unread);
  return fields.filter((field) => {
    const same = (field.same ?? defaultSame) as (a: unknown, b: unknown) => boolean;
    return unknown.has(field.key) && same(base[field.key], mine[field.key]);
  });
}

/** The keys a parsed answer left out: absent, unlike null (a value known to be empty). */
export function unreadKeys<Source extends object, Key extends keyof Source>(
  source: Source,
  keys: readonly Key[],
): Set<Key> {
  return new Set(keys.filter((key) => source[key] === undefined));
}

/**
 * Why a full replacement (PUT) was not sent: the service left fields out, and sending them
 * anyway would clear or overwrite values nobody read. `what` names the save, e.g. "the user".
 */
export function unreadFieldsError(labels: readonly string[], what: string): Error {
  const fields = new Intl.ListFormat(getFormatLocale(), { type: 'conjunction' }).format(labels);
  // One field or several ("it" or "them"), not a count: whole sentences read best.
  return new Error(
    translate(
      labels.length === 1
        ? msg`The service's answer left out ${fields}. Saving ${what} replaces every field, so it would clear it: nothing was sent.`
        : msg`The service's answer left out ${fields}. Saving ${what} replaces every field, so it would clear them: nothing was sent.`,
    ),
  );
}
