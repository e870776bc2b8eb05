import { describe, expect, it } from 'vitest';
import { formatGroupPath, formatShortGroupPath, namesBelowRoot, readGroupPath } from './group-path';

describe('readGroupPath', () => {
  it('reads each service format, decoding the encoded ones', () => {
    expect(readGroupPath('***Root\\Food%20Transportation%20INC', 'groups')).toEqual([
      '***Root',
      'Food Transportation INC',
    ]);
    expect(readGroupPath('***Root/Smith%20Transportation/100%', 'devices')).toEqual([
      '***Root',
      'Smith Transportation',
      '100%',
    ]);
    expect(readGroupPath('Acme\\Depot%20A', 'import')).toEqual(['Acme', 'Depot%20A']);
  });
});

describe('group path labels', () => {
  const names = ['***Root', 'Northwest Region', 'Tacoma Depot', 'Local Delivery'];

  it('joins names, the short one keeping the group and its parent', () => {
    expect(formatGroupPath(namesBelowRoot(names))).toBe(
      'Northwest Region › Tacoma Depot › Local Delivery',
    );
    expect(formatShortGroupPath(names)).toBe('Tacoma Depot › Local Delivery');
    expect(formatGroupPath(namesBelowRoot(['***Root']))).toBe('***Root');
  });
});
