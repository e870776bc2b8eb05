/**
 * A group's place in the tree. The services send it as names joined by one character; the
 * console shows it as names joined by " › " ("Northwest Region › Portland Depot").
 */

/**
 * How each service spells a path (see the API contract):
 * - `groups`: a group's `fullPath`, names from the root joined by `\`, each URL-encoded
 *   (`encodeFullPath` defaults to true): `***Root\Food%20Transportation%20INC`;
 * - `devices`: a device's `groupPath`, encoded names joined by `/`: `***Root/Smith%20Transportation`;
 * - `import`: the paths a group import answers with, plain names joined by `\`.
 */
export type GroupPathFormat = 'groups' | 'devices' | 'import';

const SEPARATOR: Record<GroupPathFormat, string> = { groups: '\\', devices: '/', import: '\\' };

/** The names in a path as a service sends it, from the root down. */
export function readGroupPath(path: string, format: GroupPathFormat): string[] {
  const names = path.split(SEPARATOR[format]);
  return format === 'import' ? names : names.map(decodeName);
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    // A name the service did not encode ("100%") reads as it stands.
    return name;
  }
}

/** "Northwest Region › Portland Depot": the label every page shows for a path. */
export function formatGroupPath(names: readonly string[]): string {
  return names.join(' › ');
}

/** The group with its parent ("Tacoma Depot › Local Delivery"): team names repeat in every depot. */
export function formatShortGroupPath(names: readonly string[]): string {
  return formatGroupPath(names.slice(-2));
}

/** The names below the root, which every group shares; the root alone keeps its own name. */
export function namesBelowRoot(names: readonly string[]): readonly string[] {
  return names.length > 1 ? names.slice(1) : names;
}
