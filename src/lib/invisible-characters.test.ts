import { describe, expect, it } from 'vitest';
import { confirmationMatches, normalizeConfirmationText } from './invisible-characters';

describe('normalizeConfirmationText', () => {
  it('drops bidi controls, zero-width characters, the BOM and soft hyphens', () => {
    expect(normalizeConfirmationText('\u202EPDX\u200B-T1\u202C\u00AD\uFEFF\u2066x\u2069')).toBe(
      'PDX-T1x',
    );
  });
});

describe('confirmationMatches', () => {
  it('accepts the name typed without the invisible characters it holds', () => {
    expect(confirmationMatches('Depot 7', 'Depot\u200B 7\u202E')).toBe(true);
    expect(confirmationMatches('\u202EDepot 7', 'Depot 7')).toBe(true);
  });

  it('treats the two forms of an accented letter alike, and refuses another name', () => {
    expect(confirmationMatches('Cafe\u0301', 'Café')).toBe(true);
    expect(confirmationMatches('Depot 8', 'Depot 7')).toBe(false);
    expect(confirmationMatches('', 'Depot 7')).toBe(false);
  });

  it('asks for a name of invisible characters only as it is, and never for nothing', () => {
    expect(confirmationMatches('', '\u200B')).toBe(false);
    expect(confirmationMatches('\u200B', '\u200B')).toBe(true);
  });
});
