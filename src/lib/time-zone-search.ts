/**
 * Zones by the names people use, not only IANA's: "New York" (a city with a space), "PST" (an
 * abbreviation), "Eastern" (a common name). Abbreviations are ambiguous worldwide; these are the
 * North American readings a fleet manager here means, plus a few everywhere knows.
 */
const NAMES_PEOPLE_USE: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['Eastern', 'ET', 'EST', 'EDT'],
  'America/Chicago': ['Central', 'CT', 'CST', 'CDT'],
  'America/Denver': ['Mountain', 'MT', 'MST', 'MDT'],
  'America/Phoenix': ['Arizona', 'MST'],
  'America/Los_Angeles': ['Pacific', 'PT', 'PST', 'PDT'],
  'America/Anchorage': ['Alaska', 'AKST', 'AKDT'],
  'Pacific/Honolulu': ['Hawaii', 'HST'],
  'America/Halifax': ['Atlantic', 'AST', 'ADT'],
  'America/St_Johns': ['Newfoundland', 'NST', 'NDT'],
  'America/Regina': ['Saskatchewan', 'CST'],
  'America/Mexico_City': ['Mexico', 'CST'],
  'Europe/London': ['UK', 'GMT', 'BST'],
  UTC: ['Coordinated Universal Time', 'GMT', 'Zulu'],
};

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[_/]+/g, ' ');

/** What a zone is found by: its IANA name with spaces, its city, and the names people use. */
export function timeZoneSearchText(zone: string): string {
  return fold([zone, ...(NAMES_PEOPLE_USE[zone] ?? [])].join(' '));
}

/**
 * Whether every word typed starts a word of the zone's names: "new york", "pst", "eastern", "los
 * ang". Whole words, so "pst" does not find Budapest.
 */
export function matchesTimeZone(zone: string, typed: string): boolean {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  const tokens = timeZoneSearchText(zone).split(/\s+/);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

/** The common zones first when the typed text is one of their names, then the rest in order. */
export function rankTimeZones(zones: readonly string[], typed: string): string[] {
  const matches = zones.filter((zone) => matchesTimeZone(zone, typed));
  const folded = fold(typed).trim();
  const named = (zone: string) =>
    (NAMES_PEOPLE_USE[zone] ?? []).some((name) => fold(name) === folded) ? 0 : 1;
  return [...matches].sort((a, b) => named(a) - named(b));
}
