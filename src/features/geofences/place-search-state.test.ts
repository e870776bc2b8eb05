import { describe, expect, it } from 'vitest';
import type { Place } from '@/api/places';
import {
  initialPlaceSearch,
  placeSearchReducer,
  type PlaceSearchAction,
} from './place-search-state';

const depot: Place = {
  id: 'node/1',
  name: 'Portland Depot',
  address: 'Portland Depot, Portland, Oregon',
  kind: 'Depot',
  latitude: 45.5543,
  longitude: -122.6757,
};

const after = (...actions: PlaceSearchAction[]) =>
  actions.reduce(placeSearchReducer, initialPlaceSearch(true));

describe('place search state', () => {
  it('keeps the chosen place when the same query is searched again, and drops it for a new one', () => {
    const chosen = after(
      { type: 'searched', query: 'Portland' },
      { type: 'chose', place: depot, fold: false },
    );
    expect(placeSearchReducer(chosen, { type: 'searched', query: 'Portland' }).chosen).toBe(depot);
    expect(placeSearchReducer(chosen, { type: 'searched', query: 'Fresno' }).chosen).toBeNull();
  });

  it('asks for the view on every choice, closes the list, and folds only where asked', () => {
    const once = after(
      { type: 'searched', query: 'Portland' },
      { type: 'chose', place: depot, fold: false },
    );
    expect(once).toMatchObject({ viewRequest: 1, listWanted: false, folded: false });
    const twice = placeSearchReducer(once, { type: 'chose', place: depot, fold: true });
    expect(twice).toMatchObject({ viewRequest: 2, folded: true });
  });

  it('unfolds when opened again', () => {
    const closedFolded = after({ type: 'fold-toggled' }, { type: 'opened-or-closed', open: false });
    expect(closedFolded.folded).toBe(true);
    expect(placeSearchReducer(closedFolded, { type: 'opened-or-closed', open: true }).folded).toBe(
      false,
    );
  });

  it('keeps a size for each outline kind', () => {
    const state = after(
      { type: 'outline-size-entered', size: 350 },
      { type: 'outline-kind-chosen', kind: 'square' },
      { type: 'outline-size-entered', size: '' },
    );
    expect(state.sizes).toEqual({ circle: 350, square: '' });
  });
});
