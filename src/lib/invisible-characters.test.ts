import { describe, expect, it } from 'vitest';
import {
  closeDirectionControls,
  confirmationMatches,
  normalizeConfirmationText,
} from './invisible-characters';

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

describe('closeDirectionControls', () => {
  const [RLO, PDF, LRI, RLI, PDI] = ['\u202E', '\u202C', '\u2066', '\u2067', '\u2069'];

  it('leaves text without direction controls, or with every one closed, as it is', () => {
    expect(closeDirectionControls('PDX-T101 Ünïcode שלום')).toBe('PDX-T101 Ünïcode שלום');
    expect(closeDirectionControls(`a${RLO}b${PDF} ${LRI}c${PDI}`)).toBe(
      `a${RLO}b${PDF} ${LRI}c${PDI}`,
    );
  });

  it('closes what is left open, innermost first', () => {
    expect(closeDirectionControls(`Evil ${RLO}both${LRI}`)).toBe(
      `Evil ${RLO}both${LRI}${PDI}${PDF}`,
    );
    expect(closeDirectionControls(`Truck ${RLO}evil\u200B 🚚\u200D${LRI}x`)).toBe(
      `Truck ${RLO}evil\u200B 🚚\u200D${LRI}x${PDI}${PDF}`,
    );
  });

  it('drops closers that match nothing opened before them in the text', () => {
    expect(closeDirectionControls(`x${PDI}${PDF}y`)).toBe('xy');
    // Inside an isolate, a PDF cannot close the override outside it.
    expect(closeDirectionControls(`${RLO}a${LRI}b${PDF}c`)).toBe(`${RLO}a${LRI}bc${PDI}${PDF}`);
  });

  it('closes the embeddings inside an isolate with it, and everything at a paragraph end', () => {
    expect(closeDirectionControls(`${RLI}a${RLO}b${PDI}c`)).toBe(`${RLI}a${RLO}b${PDF}${PDI}c`);
    expect(closeDirectionControls(`${RLO}a\u2029b`)).toBe(`${RLO}a${PDF}\u2029b`);
  });
});
