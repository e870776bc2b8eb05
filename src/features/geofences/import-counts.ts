// One formatter for every count: toLocaleString builds a new one on each call.
const countFormat = new Intl.NumberFormat('en-US');

/** "1,234": a count as the import panel words it. */
export const count = (value: number) => countFormat.format(value);

/** "1 corner", "1,234 corners". */
export const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;
