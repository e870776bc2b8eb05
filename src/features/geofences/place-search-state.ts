import type { Place } from '@/api/places';
import { PLACE_OUTLINE_DEFAULTS, type PlaceOutlineKind } from './place-outline';

/** What the "Find a place" panel holds between renders. */
export interface PlaceSearchState {
  /** The search field as typed. */
  text: string;
  /** The query searched for ('' before the first search). */
  submitted: string;
  chosen: Place | null;
  /** Bumped on each choice, so choosing the same place again brings it back into view. */
  viewRequest: number;
  /** The list shows once its results are in, until a choice, Escape or leaving the field. */
  listWanted: boolean;
  /** Only the title and the chosen place show: on a phone the whole panel would hide the map. */
  folded: boolean;
  /** The panel is open: it unfolds when opened again, where the next search starts. */
  open: boolean;
  outlineKind: PlaceOutlineKind;
  /** Each outline's size as entered (text while it is not a number). */
  sizes: Record<PlaceOutlineKind, number | string>;
  /** True while the names of the geofences are checked for the place's. */
  handingOver: boolean;
}

export type PlaceSearchAction =
  | { type: 'typed'; text: string }
  /** A query searched for: a new one drops the place chosen from the last one's results. */
  | { type: 'searched'; query: string }
  | { type: 'list-wanted'; wanted: boolean }
  /** `fold`: the panel spans most of the map (a phone), so it folds to show the place below. */
  | { type: 'chose'; place: Place; fold: boolean }
  | { type: 'fold-toggled' }
  | { type: 'opened-or-closed'; open: boolean }
  | { type: 'outline-kind-chosen'; kind: PlaceOutlineKind }
  | { type: 'outline-size-entered'; size: number | string }
  | { type: 'hand-over-started' }
  | { type: 'hand-over-ended' };

export function initialPlaceSearch(open: boolean): PlaceSearchState {
  return {
    text: '',
    submitted: '',
    chosen: null,
    viewRequest: 0,
    listWanted: false,
    folded: false,
    open,
    outlineKind: 'circle',
    sizes: PLACE_OUTLINE_DEFAULTS,
    handingOver: false,
  };
}

export function placeSearchReducer(
  state: PlaceSearchState,
  action: PlaceSearchAction,
): PlaceSearchState {
  switch (action.type) {
    case 'typed':
      return { ...state, text: action.text };
    case 'searched':
      return {
        ...state,
        submitted: action.query,
        chosen: action.query === state.submitted ? state.chosen : null,
        listWanted: true,
      };
    case 'list-wanted':
      return state.listWanted === action.wanted ? state : { ...state, listWanted: action.wanted };
    case 'chose':
      return {
        ...state,
        chosen: action.place,
        viewRequest: state.viewRequest + 1,
        listWanted: false,
        folded: state.folded || action.fold,
      };
    case 'fold-toggled':
      return { ...state, folded: !state.folded };
    case 'opened-or-closed':
      if (action.open === state.open) return state;
      return { ...state, open: action.open, folded: action.open ? false : state.folded };
    case 'outline-kind-chosen':
      return { ...state, outlineKind: action.kind };
    case 'outline-size-entered':
      return { ...state, sizes: { ...state.sizes, [state.outlineKind]: action.size } };
    case 'hand-over-started':
      return { ...state, handingOver: true };
    case 'hand-over-ended':
      return { ...state, handingOver: false };
  }
}
