import { formatGroupPath, formatShortGroupPath, readGroupPath } from '@/lib/group-path';

/** "***Root/Smith%20Transportation" (a device's `groupPath`) → "***Root › Smith Transportation". */
export function readableGroupPath(path: string | null | undefined): string | null {
  return path ? formatGroupPath(readGroupPath(path, 'devices')) : null;
}

/** The group with its parent ("Tacoma Depot › Local Delivery"): team names repeat in every depot. */
export function shortGroupPath(
  path: string | null | undefined,
  name: string | null | undefined,
): string | null {
  return path ? formatShortGroupPath(readGroupPath(path, 'devices')) : (name ?? null);
}
