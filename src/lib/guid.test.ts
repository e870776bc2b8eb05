import { describe, expect, it } from 'vitest';
import { sameId } from './guid';

describe('sameId', () => {
  it('matches a GUID in either case', () => {
    expect(
      sameId('3F2504E0-4F89-11D3-9A0C-0305E82C3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'),
    ).toBe(true);
  });

  it('tells different IDs apart', () => {
    expect(
      sameId('3f2504e0-4f89-11d3-9a0c-0305e82c3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3302'),
    ).toBe(false);
    expect(sameId('3f2504e0-4f89-11d3-9a0c-0305e82c3301', null)).toBe(false);
  });

  it('counts two missing IDs as the same', () => {
    expect(sameId(null, undefined)).toBe(true);
    expect(sameId(null, '')).toBe(true);
  });
});
