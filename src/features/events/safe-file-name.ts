/*
 * Names the service gives (event IDs) become file and folder names in downloads and in the
 * evidence packet's ZIP. A name from the service is input: `..`, `C:` or `a/b` would let an
 * extracting tool write outside its folder or over another event's files.
 */

/** Long enough for any real event ID, short enough for every file system's path limits. */
export const MAX_FILE_NAME_LENGTH = 64;

/** Windows refuses these as names, with or without an extension. */
const RESERVED_ON_WINDOWS = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/i;

function cleaned(raw: string): string {
  return (
    raw
      .normalize('NFKC')
      // Only letters, digits, dot, dash and underscore: no separators, drive colons or controls.
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      // `a/../b` becomes `a-b`, not `a-..-b`: no dot runs that read as a parent folder.
      .replace(/[.-]{2,}/g, '-')
      // No leading or trailing dots or dashes: no `.`/`..`, no hidden files, no Windows trimming.
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, MAX_FILE_NAME_LENGTH)
      .replace(/[.-]+$/, '')
  );
}

/**
 * A single path segment made from `raw`, safe on every file system and in a ZIP: `fallback`
 * (cleaned the same way) when nothing usable is left of `raw`, and `event` when neither is.
 */
export function safeFileName(raw: string, fallback: string): string {
  const name = cleaned(raw) || cleaned(fallback) || 'event';
  return RESERVED_ON_WINDOWS.test(name) ? `_${name}`.slice(0, MAX_FILE_NAME_LENGTH) : name;
}

/**
 * `name`, or `name-2`, `name-3`… when an earlier one took it. Compared without case, as Windows
 * and macOS do, so `EVT-1` and `evt-1` do not share a folder there. Adds the name to `taken`.
 */
export function uniqueFileName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) {
    const suffix = `-${copy}`;
    candidate = `${name.slice(0, MAX_FILE_NAME_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
