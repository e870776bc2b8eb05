const DAY_MS = 86_400_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A formatter equal to `new Date(ms).toISOString()` for dates after 1970, about four times
 * faster: the 100x seed formats hundreds of thousands of timestamps.
 */
export function createIsoFormatter(): (ms: number) => string {
  const dayPrefixes = new Map<number, string>();
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    let prefix = dayPrefixes.get(day);
    if (prefix === undefined) {
      prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
      dayPrefixes.set(day, prefix);
    }
    const inDay = ms - day * DAY_MS;
    const seconds = Math.floor(inDay / 1000);
    return `${prefix}${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(inDay % 1000, 3)}Z`;
  };
}
