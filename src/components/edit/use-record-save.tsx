import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { describeError, offlineError } from '@/api/api-error';
import { isOffline } from '@/api/connection';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import {
  knownValues,
  stillUnread,
  unknownAfterEdit,
  type ConflictField,
  type UnreadFields,
} from '@/lib/edit-conflicts';

const NO_FIELDS: ReadonlySet<never> = new Set();

/** One side of the comparison: the values as read, and the fields the read left out. */
export interface ReadValues<Values> {
  values: Values;
  unread?: ReadonlySet<keyof Values>;
}

/** What a form's request is built from, once other people's changes are resolved. */
export interface RecordChange<Values, Fresh> {
  /** The values to save: the user's, with their choices in the conflict dialog applied. */
  values: Values;
  /** The record as now known (the fresh read, with the fields it left out as before). */
  known: Values;
  /** The fresh read itself, for fields the form does not edit but a replacement must resend. */
  fresh: Fresh;
  /** Fields neither read sent and the user did not type: a replacement would only guess them. */
  unknown: ReadonlySet<keyof Values>;
}

export interface RecordSaveOptions<Values, Fresh, Body, Saved> {
  /** What is edited, in words ("vehicle"): the conflict dialog and the messages name it. */
  subject: string;
  /** The record as the form opened with it. */
  initial: ReadValues<Values>;
  /** Reads the record again, just before a save, past any cache. */
  read: () => Promise<Fresh>;
  /** The fresh read as form values, and the fields it left out. */
  valuesOf: (fresh: Fresh) => ReadValues<Values>;
  /** The fields the conflict dialog compares (ignored where `resolveConflicts` is given). */
  conflictFields?: readonly ConflictField<Values>[];
  /** A field's value in words, as the form shows it. */
  describe?: (key: keyof Values, value: Values[keyof Values]) => string;
  /**
   * For records compared in another shape (a set of roles): resolves the three sides itself and
   * renders its own dialog.
   */
  resolveConflicts?: (sides: {
    base: Values;
    theirs: Values;
    mine: Values;
    fresh: Fresh;
  }) => Promise<Values | null>;
  /** Settles resolved values before the request (a country that follows its subdivision). */
  settle?: (values: Values) => Values;
  /**
   * 'patch' sends only what changed, so a field neither read sent stays unknown after the save;
   * 'replace' (PUT) sends the whole record, so after the save all of it is known.
   */
  writes: 'patch' | 'replace';
  /**
   * The request for the change, or null when nothing is left to send. Throwing refuses the save
   * with that error shown at the form (a replacement that would clear fields nobody read).
   */
  toRequest: (change: RecordChange<Values, Fresh>) => Body | null | Promise<Body | null>;
  /** Sends the request; the answer is the saved record. */
  send: (body: Body) => Promise<Saved>;
  /** The saved record as form values; `sent` holds what the request was built from. */
  savedValuesOf: (saved: Saved, sent: Values) => ReadValues<Values>;
  /** Shows values in the form; `known` is what they are measured against from now on. */
  show: (values: Values, known: Values) => void;
  /** The status after a save, and when the re-read left nothing to send, where a form says more. */
  notes?: { saved?: string; nothingLeft?: string };
  /** Before the fresh read; false cancels the save (a confirmation the user declined). */
  confirm?: (mine: Values, base: Values) => Promise<boolean>;
  /** After the save: the toast, and what the page does next. */
  onSaved?: (saved: Saved, values: Values) => void;
}

export interface RecordSave<Values> {
  /** The record as last read or saved: what edits are measured against. */
  base: Values;
  /** Fields no read has sent yet: the form shows placeholders there, never sent unless typed. */
  baseUnread: ReadonlySet<keyof Values>;
  /** Runs the save flow for the user's values. */
  save: (mine: Values) => Promise<void>;
  /** Reading, checking or sending. */
  saving: boolean;
  /** The refusal or the failed request, to show at the form. */
  error: unknown;
  /** "Saved." or "Nothing left to save", until the next edit. */
  savedNote: string | null;
  /** The one-line status, focused after a save so keyboard users hear the outcome. */
  statusRef: RefObject<HTMLParagraphElement | null>;
  /** Clears the error (on discard). */
  clearError: () => void;
  /** Render once, outside the form (a dialog's submit bubbles through the portal). */
  conflictDialog: ReactNode;
}

/**
 * The save flow every edit form shares, without the form itself: read the record fresh, compare
 * it with the base and the user's values (offering the conflict dialog), build the request from
 * what changed, send it, and keep the base and the fields no read has sent up to date. The
 * service keeps no version, so this re-read is how a save finds someone else's change.
 */
export function useRecordSave<Values, Fresh, Body, Saved>(
  options: RecordSaveOptions<Values, Fresh, Body, Saved>,
): RecordSave<Values> {
  const [base, setBase] = useState(options.initial.values);
  const [baseUnread, setBaseUnread] = useState<ReadonlySet<keyof Values>>(
    () => options.initial.unread ?? NO_FIELDS,
  );
  // Reading and comparing, or sending: either way a second save waits.
  const [phase, setPhase] = useState<'idle' | 'checking' | 'sending'>('idle');
  const [error, setError] = useState<unknown>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { check, conflictDialog } = useEditConflictCheck<Values>({
    fields: options.conflictFields,
    subject: options.subject,
    describe: options.describe ?? ((_key, value) => String(value)),
  });

  const announce = (note: string) => {
    setSavedNote(note);
    statusRef.current?.focus();
  };

  const save = async (mine: Values) => {
    if (phase !== 'idle') return;
    // Save is disabled offline; Enter in a field still submits, and the fresh read would fail.
    if (isOffline()) {
      setError(offlineError('change'));
      return;
    }
    if (options.confirm) {
      setPhase('checking');
      const confirmed = await options.confirm(mine, base).finally(() => setPhase('idle'));
      if (!confirmed) return;
    }
    setPhase('checking');
    setError(null);
    let fresh: Fresh;
    let theirs: ReadValues<Values>;
    let resolved: Values | null;
    try {
      fresh = await options.read();
      theirs = options.valuesOf(fresh);
      resolved = options.resolveConflicts
        ? await options.resolveConflicts({ base, theirs: theirs.values, mine, fresh })
        : await check({
            base,
            theirs: theirs.values,
            mine,
            unread: { base: baseUnread, theirs: theirs.unread },
          });
    } catch (readError) {
      // The check could not read the record: say so rather than save blind.
      setSavedNote(null);
      const subject = options.subject;
      const reason = describeError(readError);
      notifications.show({
        color: 'red',
        message: t`The ${subject} could not be checked for other people's changes: ${reason}`,
      });
      return;
    } finally {
      setPhase('idle');
    }
    if (!resolved) return;
    if (options.settle) resolved = options.settle(resolved);
    const unread: UnreadFields<Values> = { base: baseUnread, theirs: theirs.unread };
    const known = knownValues(base, theirs.values, unread);
    const unknown = new Set(
      unknownAfterEdit(base, mine, options.conflictFields ?? [], unread).map((field) => field.key),
    );
    let body: Body | null;
    try {
      body = await options.toRequest({ values: resolved, known, fresh, unknown });
    } catch (refusal) {
      setError(refusal);
      return;
    }
    const stillUnknown = stillUnread(unread);
    setBase(known);
    setBaseUnread(stillUnknown);
    options.show(resolved, known);
    if (body === null) {
      options.show(resolved, resolved);
      announce(
        options.notes?.nothingLeft ?? t`Nothing left to save: the form shows the saved values.`,
      );
      return;
    }
    setPhase('sending');
    let saved: Saved;
    try {
      saved = await options.send(body);
    } catch (sendError) {
      setError(sendError);
      return;
    } finally {
      setPhase('idle');
    }
    const answer = options.savedValuesOf(saved, resolved);
    // A replacement sent every field, so what it sent is known whatever the answer leaves out.
    const leftOut: UnreadFields<Values> =
      options.writes === 'replace'
        ? { theirs: answer.unread }
        : { base: stillUnknown, theirs: answer.unread };
    const next = knownValues(resolved, answer.values, leftOut);
    setBase(next);
    setBaseUnread(stillUnread(leftOut));
    options.show(next, next);
    options.onSaved?.(saved, next);
    announce(options.notes?.saved ?? t`Saved. No unsaved changes.`);
  };

  return {
    base,
    baseUnread,
    save,
    saving: phase !== 'idle',
    error,
    savedNote,
    statusRef,
    clearError: () => setError(null),
    conflictDialog,
  };
}
