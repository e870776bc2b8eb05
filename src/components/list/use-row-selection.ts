import { useCallback, useMemo, useRef, useState } from 'react';

/** A list's chosen keys and the one a Shift range runs from. */
export interface KeySelection {
  keys: ReadonlySet<string>;
  /** The key last chosen or unchosen on its own: a Shift range runs from it. */
  anchor: string | null;
}

export const NO_KEYS_SELECTED: KeySelection = { keys: new Set(), anchor: null };

/** Chooses the key, or unchooses it when it was chosen; a Shift range then starts from it. */
export function toggleKey(selection: KeySelection, key: string): KeySelection {
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key };
}

/**
 * Adds every key from the anchor to `key` in the order listed (both included), as Shift+click
 * does in a file manager. Without an anchor in the list it chooses `key` alone; a key the list
 * does not hold changes nothing.
 */
export function extendToKey(
  selection: KeySelection,
  listedKeys: readonly string[],
  key: string,
): KeySelection {
  const to = listedKeys.indexOf(key);
  if (to < 0) return selection;
  const from = selection.anchor === null ? -1 : listedKeys.indexOf(selection.anchor);
  if (from < 0) return { keys: new Set([...selection.keys, key]), anchor: key };
  const range = listedKeys.slice(Math.min(from, to), Math.max(from, to) + 1);
  return { keys: new Set([...selection.keys, ...range]), anchor: selection.anchor };
}

/** Where choosing every row that matches the filter (not only those shown) stands. */
type MatchingSelection = 'loading' | { partial: boolean } | null;

export interface RowSelection<Row> {
  /** The chosen rows, including those of pages no longer shown. */
  rows: readonly Row[];
  keys: ReadonlySet<string>;
  /** Chooses the row, or unchooses it; a Shift range then starts from it. */
  toggle: (row: Row) => void;
  /** Shift+click: adds the rows from the anchor to this one, in the order `listed` holds them. */
  extendTo: (row: Row, listed: readonly Row[]) => void;
  /** Puts these rows in place of the chosen ones (a table's own checkboxes report the whole set). */
  replace: (rows: readonly Row[]) => void;
  /** Chooses every row listed (Ctrl+A); a Shift range then has no anchor until a row is chosen. */
  selectAll: (listed: readonly Row[]) => void;
  /** Unchooses these keys (e.g. the rows a bulk action has moved away). */
  remove: (keys: Iterable<string>) => void;
  clear: () => void;
  matching: MatchingSelection;
  /**
   * Chooses every row the loader returns (every row matching the filter, read page by page);
   * `complete: false` says the read stopped at its cap. A failed read leaves the choice as it was.
   */
  selectAllMatching: (
    load: (signal: AbortSignal) => Promise<{ items: Row[]; complete: boolean }>,
  ) => Promise<void>;
}

interface SelectionState<Row> extends KeySelection {
  rowsByKey: ReadonlyMap<string, Row>;
  matching: MatchingSelection;
}

const emptyState = <Row>(): SelectionState<Row> => ({
  ...NO_KEYS_SELECTED,
  rowsByKey: new Map(),
  matching: null,
});

/**
 * Row selection for any list, table or tree: one row, a Shift range, and all rows matching the
 * filter. It ends when `resetKey` changes (say, the filters: the rows chosen may no longer match).
 * `keyOf` should be stable (a module function) so the returned functions are too.
 */
export function useRowSelection<Row>({
  keyOf,
  resetKey = '',
}: {
  keyOf: (row: Row) => string;
  resetKey?: string;
}): RowSelection<Row> {
  const [state, setState] = useState<SelectionState<Row>>(emptyState);
  const [stateResetKey, setStateResetKey] = useState(resetKey);
  const matchingRead = useRef<AbortController | null>(null);
  if (stateResetKey !== resetKey) {
    setStateResetKey(resetKey);
    setState(emptyState());
  }

  const withKeys = useCallback(
    (previous: SelectionState<Row>, next: KeySelection, rows: Iterable<Row>) => {
      const known = new Map(previous.rowsByKey);
      for (const row of rows) known.set(keyOf(row), row);
      const rowsByKey = new Map<string, Row>();
      for (const key of next.keys) {
        const row = known.get(key);
        if (row !== undefined) rowsByKey.set(key, row);
      }
      return { keys: new Set(rowsByKey.keys()), anchor: next.anchor, rowsByKey, matching: null };
    },
    [keyOf],
  );
  const toggle = useCallback(
    (row: Row) =>
      setState((previous) => withKeys(previous, toggleKey(previous, keyOf(row)), [row])),
    [keyOf, withKeys],
  );
  const extendTo = useCallback(
    (row: Row, listed: readonly Row[]) =>
      setState((previous) =>
        withKeys(previous, extendToKey(previous, listed.map(keyOf), keyOf(row)), listed),
      ),
    [keyOf, withKeys],
  );
  const replace = useCallback(
    (rows: readonly Row[]) =>
      setState((previous) =>
        withKeys(previous, { keys: new Set(rows.map(keyOf)), anchor: previous.anchor }, rows),
      ),
    [keyOf, withKeys],
  );
  const selectAll = useCallback(
    (listed: readonly Row[]) =>
      setState((previous) =>
        withKeys(previous, { keys: new Set(listed.map(keyOf)), anchor: null }, listed),
      ),
    [keyOf, withKeys],
  );
  const remove = useCallback(
    (keys: Iterable<string>) =>
      setState((previous) => {
        const kept = new Set(previous.keys);
        for (const key of keys) kept.delete(key);
        return withKeys(previous, { keys: kept, anchor: previous.anchor }, []);
      }),
    [withKeys],
  );
  const clear = useCallback(() => {
    matchingRead.current?.abort();
    setState(emptyState());
  }, []);
  const selectAllMatching = useCallback(
    async (load: (signal: AbortSignal) => Promise<{ items: Row[]; complete: boolean }>) => {
      matchingRead.current?.abort();
      const read = new AbortController();
      matchingRead.current = read;
      setState((previous) => ({ ...previous, matching: 'loading' }));
      try {
        const { items, complete } = await load(read.signal);
        // A choice cleared or reset (the filter changed) while reading stays cleared.
        setState((previous) =>
          previous.matching !== 'loading' || read.signal.aborted
            ? previous
            : {
                ...withKeys(previous, { keys: new Set(items.map(keyOf)), anchor: null }, items),
                matching: { partial: !complete },
              },
        );
      } catch {
        if (read.signal.aborted) return;
        setState((previous) =>
          previous.matching === 'loading' ? { ...previous, matching: null } : previous,
        );
      }
    },
    [keyOf, withKeys],
  );

  const rows = useMemo(() => [...state.rowsByKey.values()], [state.rowsByKey]);
  return {
    rows,
    keys: state.keys,
    toggle,
    extendTo,
    replace,
    selectAll,
    remove,
    clear,
    matching: state.matching,
    selectAllMatching,
  };
}
