import { describe, expect, it } from 'vitest';
import { extendToKey, NO_KEYS_SELECTED, toggleKey } from './use-row-selection';

const listed = ['a', 'b', 'c', 'd', 'e'];
const keysOf = (selection: { keys: ReadonlySet<string> }) => [...selection.keys].sort();

describe('row selection by key', () => {
  it('chooses a row, then unchooses it, each time starting a range there', () => {
    const chosen = toggleKey(NO_KEYS_SELECTED, 'b');
    expect(keysOf(chosen)).toEqual(['b']);
    expect(chosen.anchor).toBe('b');
    const unchosen = toggleKey(chosen, 'b');
    expect(keysOf(unchosen)).toEqual([]);
    expect(unchosen.anchor).toBe('b');
  });

  it('adds the Shift range from the anchor down or up, keeping what was chosen before', () => {
    const start = toggleKey(toggleKey(NO_KEYS_SELECTED, 'e'), 'b');
    expect(keysOf(extendToKey(start, listed, 'd'))).toEqual(['b', 'c', 'd', 'e']);
    const range = extendToKey(toggleKey(NO_KEYS_SELECTED, 'd'), listed, 'b');
    expect(keysOf(range)).toEqual(['b', 'c', 'd']);
    // The anchor stays, so a second Shift+click moves the range's other end.
    expect(range.anchor).toBe('d');
  });

  it('chooses only the row itself when no anchor is listed, and ignores a row not listed', () => {
    expect(keysOf(extendToKey(NO_KEYS_SELECTED, listed, 'c'))).toEqual(['c']);
    const anchorFilteredOut = toggleKey(NO_KEYS_SELECTED, 'z');
    expect(keysOf(extendToKey(anchorFilteredOut, listed, 'c'))).toEqual(['c', 'z']);
    expect(extendToKey(anchorFilteredOut, listed, 'gone')).toBe(anchorFilteredOut);
  });
});
