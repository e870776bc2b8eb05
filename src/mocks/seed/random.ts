/** A small deterministic PRNG (mulberry32), so every seed of the demo company is identical. */
export interface Random {
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  uuid(): string;
  /** A subset of 0..max items, order kept. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, maxInclusive: number) =>
    min + Math.floor(next() * (maxInclusive - min + 1));
  const hex = (length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability: number) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
    sample: <T>(items: readonly T[], count: number) => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, items.length);
      while (chosen.size < wanted) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index] as T);
    },
  };
}

/**
 * A Fisher–Yates shuffle of a copy, drawing `random.int(0, index)` from the last index down, so a
 * seed gives the same order every time. Items are never undefined, which lets a swap check both.
 */
export function shuffled<T extends NonNullable<unknown>>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    const last = copy[index];
    const drawn = copy[other];
    if (last === undefined || drawn === undefined)
      throw new RangeError('Shuffle index out of range.');
    copy[index] = drawn;
    copy[other] = last;
  }
  return copy;
}
