import { describe, expect, it } from 'vitest';
import {
  bulkSelectionOf,
  EMPTY_BULK_SELECTION,
  extendBulkSelection,
  toggleInBulkSelection,
} from './geofence-bulk-selection';

const listed = ['a', 'b', 'c', 'd', 'e'];
const idsOf = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('the geofence bulk selection', () => {
  it('chooses a geofence, then unchooses it, each time starting a range there', () => {
    const chosen = toggleInBulkSelection(EMPTY_BULK_SELECTION, 'b');
    expect(idsOf(chosen)).toEqual(['b']);
    expect(chosen.anchorId).toBe('b');
    const unchosen = toggleInBulkSelection(chosen, 'b');
    expect(idsOf(unchosen)).toEqual([]);
    expect(unchosen.anchorId).toBe('b');
  });

  it('adds the range from the anchor down or up, keeping what was chosen before', () => {
    const start = toggleInBulkSelection(toggleInBulkSelection(EMPTY_BULK_SELECTION, 'e'), 'b');
    expect(idsOf(extendBulkSelection(start, listed, 'd'))).toEqual(['b', 'c', 'd', 'e']);
    const upwards = toggleInBulkSelection(EMPTY_BULK_SELECTION, 'd');
    const range = extendBulkSelection(upwards, listed, 'b');
    expect(idsOf(range)).toEqual(['b', 'c', 'd']);
    // The anchor stays, so a second Shift+click moves the range's other end.
    expect(range.anchorId).toBe('d');
  });

  it('chooses only the row itself when no anchor is listed', () => {
    expect(idsOf(extendBulkSelection(EMPTY_BULK_SELECTION, listed, 'c'))).toEqual(['c']);
    const anchorFilteredOut = toggleInBulkSelection(EMPTY_BULK_SELECTION, 'z');
    expect(idsOf(extendBulkSelection(anchorFilteredOut, listed, 'c'))).toEqual(['c', 'z']);
  });

  it('ignores a row the list does not hold, and chooses every listed row at once', () => {
    const chosen = toggleInBulkSelection(EMPTY_BULK_SELECTION, 'a');
    expect(extendBulkSelection(chosen, listed, 'gone')).toBe(chosen);
    expect(idsOf(bulkSelectionOf(listed))).toEqual(listed);
  });
});
