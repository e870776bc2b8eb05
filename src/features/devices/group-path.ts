/** Device group paths join URL-encoded names with "/" from the root (Devices API, `groupPath`). */
function pathNames(path: string): string[] {
  return path.split('/').map((name) => {
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  });
}

/** "***Root/Smith%20Transportation" → "***Root › Smith Transportation". */
export function readableGroupPath(path: string | null | undefined): string | null {
  return path ? pathNames(path).join(' › ') : null;
}

/** The group with its parent ("Tacoma Depot › Local Delivery"): team names repeat in every depot. */
export function shortGroupPath(
  path: string | null | undefined,
  name: string | null | undefined,
): string | null {
  return path ? pathNames(path).slice(-2).join(' › ') : (name ?? null);
}
