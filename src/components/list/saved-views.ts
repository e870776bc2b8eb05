import { z } from '@/api/zod';
import { getFormatLocale } from '@/i18n/locale';
import {
  moveStoredKey,
  readStoredJson,
  writeStoredJson,
  type StorageArea,
} from '@/lib/stored-json';

/** A named view of one list: its filters and its columns (shown ones, in order). */
export interface SavedView {
  name: string;
  /** The list's URL filters, without paging. */
  filters: Record<string, unknown>;
  /** Accessors of the shown columns, in their order. */
  columns: string[];
}

const storageKey = (listKey: string) => `fleet-console.list-views:${listKey}`;
/** Where consoles before the one key prefix kept a list's views. */
const formerStorageKey = (listKey: string) => `list-views:${listKey}`;
const MAX_VIEWS = 30;
const MAX_NAME_LENGTH = 60;

const savedViewSchema = z.object({
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
}) satisfies z.ZodType<SavedView>;
/** One view that no longer reads (an old format, a hand edit) is left out, not the others. */
const savedViewsSchema = z
  .array(savedViewSchema.nullable().catch(null))
  .transform((views) => views.filter((view) => view !== null).slice(0, MAX_VIEWS));

/** The views saved for a list; storage that is not a list of views at all is cleared. */
export function loadSavedViews(listKey: string, storage: StorageArea = 'local'): SavedView[] {
  moveStoredKey(storage, formerStorageKey(listKey), storageKey(listKey));
  return readStoredJson(storage, storageKey(listKey), savedViewsSchema, []).value;
}

/** Saves a view under its name, replacing one of the same name (names compare without case). */
export function saveView(
  listKey: string,
  view: SavedView,
  storage: StorageArea = 'local',
): SavedView[] {
  const name = view.name.trim().slice(0, MAX_NAME_LENGTH);
  const others = loadSavedViews(listKey, storage).filter(
    (existing) => existing.name.toLowerCase() !== name.toLowerCase(),
  );
  const views = [...others, { ...view, name }]
    .sort((a, b) => a.name.localeCompare(b.name, getFormatLocale()))
    .slice(0, MAX_VIEWS);
  writeStoredJson(storage, storageKey(listKey), views);
  return views;
}

export function deleteView(
  listKey: string,
  name: string,
  storage: StorageArea = 'local',
): SavedView[] {
  const views = loadSavedViews(listKey, storage).filter((view) => view.name !== name);
  writeStoredJson(storage, storageKey(listKey), views);
  return views;
}

/** What mantine-datatable keeps of a list's columns, each under the list's key and its suffix. */
const COLUMN_SETTINGS = ['order', 'toggle', 'width', 'pinning'] as const;

/**
 * The key a list's column settings (order, shown columns, widths) are kept under; settings kept
 * under the former key are moved over first, so none is lost.
 */
export function columnSettingsKey(listKey: string, storage: StorageArea = 'local'): string {
  const key = `fleet-console.list-columns:${listKey}`;
  for (const setting of COLUMN_SETTINGS) {
    const suffix = `-columns-${setting}`;
    moveStoredKey(storage, `list-columns:${listKey}${suffix}`, key + suffix);
  }
  return key;
}

/** The URL parameter that carries a view's columns in a shared link. */
export const COLUMNS_PARAM = 'columns';

/** Only accessors the list has, each once; an empty result means "leave the columns alone". */
export function columnsFromParam(param: string, known: readonly string[]): string[] {
  const knownSet = new Set(known);
  return [...new Set(param.split(',').map((part) => part.trim()))].filter((part) =>
    knownSet.has(part),
  );
}

/**
 * Column toggles and order for a view: its columns shown in its order, the rest hidden after
 * them (so a column added to the list later still has a place).
 */
export function applyViewColumns(
  viewColumns: readonly string[],
  allColumns: readonly string[],
): { order: string[]; shown: Set<string> } {
  const shown = new Set(viewColumns.filter((column) => allColumns.includes(column)));
  const order = [...shown, ...allColumns.filter((column) => !shown.has(column))];
  return { order, shown };
}
