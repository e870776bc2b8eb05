/**
 * The geofences chosen in the side list for bulk work. It is apart from the one selected
 * geofence, which the map and the side panel show.
 */
export interface BulkSelection {
  ids: ReadonlySet<string>;
  /** The geofence last chosen or unchosen on its own: a Shift range runs from it. */
  anchorId: string | null;
}

export const EMPTY_BULK_SELECTION: BulkSelection = { ids: new Set(), anchorId: null };

/** Chooses the geofence, or unchooses it when it was chosen; a Shift range then starts from it. */
export function toggleInBulkSelection(selection: BulkSelection, id: string): BulkSelection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchorId: id };
}

/**
 * Adds every geofence from the anchor to `id` in the order listed (both included), as Shift+click
 * does in a file manager. Without an anchor in the list it chooses `id` alone.
 */
export function extendBulkSelection(
  selection: BulkSelection,
  listedIds: readonly string[],
  id: string,
): BulkSelection {
  const to = listedIds.indexOf(id);
  if (to < 0) return selection;
  const from = selection.anchorId === null ? -1 : listedIds.indexOf(selection.anchorId);
  if (from < 0) return { ids: new Set([...selection.ids, id]), anchorId: id };
  const range = listedIds.slice(Math.min(from, to), Math.max(from, to) + 1);
  return { ids: new Set([...selection.ids, ...range]), anchorId: selection.anchorId };
}

/** Every listed geofence. */
export function bulkSelectionOf(listedIds: readonly string[]): BulkSelection {
  return { ids: new Set(listedIds), anchorId: null };
}
