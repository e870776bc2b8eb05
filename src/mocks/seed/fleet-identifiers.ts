import type { Random } from './random';

/** Characters a VIN or plate may hold (I, O and Q are never used). */
const vinCharacters = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const letters = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
// prettier-ignore
const vinTransliteration: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const vinWeights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Model-year codes repeat every 30 years; index 0 is 2010. */
const modelYearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (const [index, weight] of vinWeights.entries()) {
    const char = vin.charAt(index);
    const value = /\d/.test(char) ? Number(char) : (vinTransliteration[char] ?? 0);
    sum += value * weight;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * A North American VIN: the maker's prefix, random descriptor characters, a correct check digit
 * (position 9), the model-year code, a plant letter and a six-digit serial that keeps VINs unique.
 */
export function buildVin(prefix: string, year: number, serial: number, random: Random): string {
  let descriptor = prefix.slice(0, 8);
  while (descriptor.length < 8) descriptor += random.pick(vinCharacters);
  const yearCode = modelYearCodes.charAt((((year - 2010) % 30) + 30) % 30);
  const plant = random.pick(letters);
  const draft = `${descriptor}0${yearCode}${plant}${String(serial % 1_000_000).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A 15-digit IMEI: the modem's type allocation code, a unique serial and the Luhn digit. */
export function buildImei(typeAllocationCode: string, serial: number): string {
  const body = `${typeAllocationCode}${String(serial % 1_000_000).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** Plate layouts by state: L = letter, D = digit. */
const plateLayouts: Record<string, string> = {
  'US-OR': 'DDD LLL',
  'US-WA': 'LLLDDDD',
  'US-ID': 'DL DDDDD',
  'US-UT': 'LDDD LL',
  'US-CA': 'DLLLDDD',
};

export function buildPlate(subdivisionCode: string, random: Random): string {
  const layout = plateLayouts[subdivisionCode] ?? 'LLL DDDD';
  return [...layout]
    .map((slot) => {
      if (slot === 'L') return random.pick(letters);
      if (slot === 'D') return String(random.int(0, 9));
      return slot;
    })
    .join('');
}
