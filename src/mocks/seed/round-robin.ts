/** The item at `index`, counting round the list again past its end: seeded data cycles this way. */
export function roundRobin<T extends NonNullable<unknown>>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new RangeError(`No item ${index} round a list of ${items.length}.`);
  return item;
}
