/** How the group tree is browsed: the search, which groups are open, the row the keys are on. */
export interface GroupTreeBrowsing {
  searchText: string;
  /** Open groups without a search. */
  expandedKeys: ReadonlySet<string>;
  /** Open groups while searching: the matches' ancestors at first, then what the user opens. */
  searchExpandedKeys: ReadonlySet<string>;
  /** The row the arrow keys are on. */
  activeKey: string | null;
  /** The selected group and its parent ("key|parentKey") the tree was last opened to. */
  shownPlace: string | null;
}

export type GroupTreeBrowsingAction =
  | { type: 'searched'; text: string; revealKeys: Iterable<string> }
  | { type: 'toggled'; key: string; expand: boolean }
  /** Every group of these open, and only these (in the search's tree while searching). */
  | { type: 'opened-only'; keys: Iterable<string> }
  /** These groups opened in the tree without a search (where a group was just moved to). */
  | { type: 'opened'; keys: Iterable<string> }
  | { type: 'active-changed'; key: string | null }
  /** The selected group's place changed: the way to it opens (`way`) and its row is active. */
  | { type: 'selection-placed'; place: string | null; key?: string; way?: Iterable<string> };

export function initialGroupTreeBrowsing(rootKeys: Iterable<string>): GroupTreeBrowsing {
  return {
    searchText: '',
    expandedKeys: new Set(rootKeys),
    searchExpandedKeys: new Set(),
    activeKey: null,
    shownPlace: null,
  };
}

const withKeys = (keys: ReadonlySet<string>, added: Iterable<string>) => {
  const next = new Set(keys);
  for (const key of added) next.add(key);
  return next;
};

/** The open groups the tree shows now change: the search's while searching, else the tree's. */
function withOpenKeys(
  state: GroupTreeBrowsing,
  change: (keys: ReadonlySet<string>) => ReadonlySet<string>,
): GroupTreeBrowsing {
  return isSearching(state)
    ? { ...state, searchExpandedKeys: change(state.searchExpandedKeys) }
    : { ...state, expandedKeys: change(state.expandedKeys) };
}

/** A search is on while its text holds more than spaces (see `searchGroupTree`). */
export function isSearching(state: GroupTreeBrowsing): boolean {
  return state.searchText.trim() !== '';
}

export function groupTreeBrowsingReducer(
  state: GroupTreeBrowsing,
  action: GroupTreeBrowsingAction,
): GroupTreeBrowsing {
  switch (action.type) {
    case 'searched':
      return {
        ...state,
        searchText: action.text,
        searchExpandedKeys: new Set(action.revealKeys),
        activeKey: null,
      };
    case 'toggled':
      return withOpenKeys(state, (keys) => {
        const next = new Set(keys);
        if (action.expand) next.add(action.key);
        else next.delete(action.key);
        return next;
      });
    case 'opened-only':
      return withOpenKeys(state, () => new Set(action.keys));
    case 'opened':
      return { ...state, expandedKeys: withKeys(state.expandedKeys, action.keys) };
    case 'active-changed':
      return { ...state, activeKey: action.key };
    case 'selection-placed':
      if (action.place === state.shownPlace) return state;
      return action.key === undefined
        ? { ...state, shownPlace: action.place }
        : {
            ...state,
            shownPlace: action.place,
            expandedKeys: withKeys(state.expandedKeys, action.way ?? []),
            activeKey: action.key,
          };
  }
}
