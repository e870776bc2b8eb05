import { describe, expect, it } from 'vitest';
import { proposeUsername, usernameBase } from './username';

describe('usernameBase', () => {
  it('is first.last in lower case, without accents, spaces or punctuation', () => {
    expect(usernameBase('Uma', 'Xavier')).toBe('uma.xavier');
    expect(usernameBase('José', "O'Neil-Brown")).toBe('jose.oneilbrown');
    expect(usernameBase(' Mary Ann ', 'Lee')).toBe('maryann.lee');
  });

  it('is empty when either name gives no letters', () => {
    expect(usernameBase('', 'Lee')).toBe('');
    expect(usernameBase('王', 'Lee')).toBe('');
  });
});

describe('proposeUsername', () => {
  it('numbers a taken name from 2, as the demo company did', () => {
    const taken = new Set(['maria.lopez', 'maria.lopez2']);
    expect(proposeUsername('Maria', 'Lopez', (name) => taken.has(name))).toBe('maria.lopez3');
    expect(proposeUsername('Uma', 'Xavier', (name) => taken.has(name))).toBe('uma.xavier');
  });
});
