/** "1 row", "2 rows", "10,000 entries": counts in messages read as sentences. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
