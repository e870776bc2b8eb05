import { t } from '@lingui/core/macro';
import type { Geofence } from '@/api/geofences';
import { getLocale } from '@/i18n/locale';
import { NO_OUTLINE, shapeProblem } from '@/lib/map-shape';
import { shapeFromGeography, type ShapeDraft } from './geofence-shape';

/** Mantine blue 7: the colour of a geofence that has none (or an unreadable one). */
export const DEFAULT_GEOFENCE_COLOR = '#1C7ED6';

/** A geofence as the map and the side list need it, computed once per fetched list. */
export interface MapGeofence {
  id: string;
  name: string;
  /** The outline to draw; null when the service sent one that cannot be drawn. */
  shape: ShapeDraft | null;
  /** Why the outline cannot be drawn ("its outline is outside the map"), or null when it is drawn. */
  problem: string | null;
  color: string;
  isInside: boolean;
  groupName: string | null;
  /** Changes whenever anything drawn changes, so map layers are rebuilt only then. */
  revision: string;
  /** Lower-case name and group, for the side list's search. */
  searchText: string;
}

export function geofenceColor(color: string | null | undefined): string {
  return color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : DEFAULT_GEOFENCE_COLOR;
}

/**
 * By the fetched object: pages arrive one by one, and each must not convert the earlier ones again.
 * With the language it was worded in ("Unnamed geofence"): another language converts again.
 */
const converted = new WeakMap<Geofence, { locale: string; mapGeofence: MapGeofence }>();

export function toMapGeofence(geofence: Geofence): MapGeofence {
  const locale = getLocale();
  const cached = converted.get(geofence);
  if (cached?.locale === locale) return cached.mapGeofence;
  const mapGeofence = convert(geofence);
  converted.set(geofence, { locale, mapGeofence });
  return mapGeofence;
}

function convert(geofence: Geofence): MapGeofence {
  const name = geofence.name?.trim() || t`Unnamed geofence`;
  const { shape, problem } = drawableShape(geofence);
  const color = geofenceColor(geofence.color);
  const isInside = geofence.isInside !== false;
  return {
    id: geofence.geofenceId,
    name,
    shape,
    problem,
    color,
    isInside,
    groupName: geofence.groupName ?? null,
    revision: `${name}|${color}|${isInside}|${JSON.stringify(shape)}`,
    searchText: `${name} ${geofence.groupName ?? ''}`.toLowerCase(),
  };
}

/** The geofence's outline when a map can draw it, else why not: never both. */
export function drawableShape(
  geofence: Pick<Geofence, 'geofenceGeography'> | null | undefined,
): { shape: ShapeDraft; problem: null } | { shape: null; problem: string } {
  const shape = shapeFromGeography(geofence?.geofenceGeography);
  const problem = shapeProblem(shape);
  if (shape && problem === null) return { shape, problem };
  return { shape: null, problem: problem ?? NO_OUTLINE };
}

/** The geofence drawn in another colour (the one chosen in its form, not saved yet). */
export function withPreviewColor(geofence: MapGeofence, color: string | null): MapGeofence {
  if (!color || color.toLowerCase() === geofence.color.toLowerCase()) return geofence;
  return { ...geofence, color, revision: `${geofence.revision}|shown in ${color}` };
}

/** Geofences whose name or group contains every word of the query. */
export function filterMapGeofences(
  geofences: readonly MapGeofence[],
  query: string | undefined,
): readonly MapGeofence[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return geofences;
  return geofences.filter((geofence) => words.every((word) => geofence.searchText.includes(word)));
}
