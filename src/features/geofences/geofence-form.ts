import { t } from '@lingui/core/macro';
import { geofenceAssetTypes, type Geofence, type GeofenceRequest } from '@/api/geofences';
import { unreadFieldsError, type ConflictField } from '@/lib/edit-conflicts';
import { dateTimeFormat } from '@/lib/format';
import { isOneOf } from '@/lib/one-of';
import type { ImportCandidate } from './geofence-geojson';
import {
  describeShape,
  geographyFromShape,
  sameShape,
  shapeFromGeography,
  type ShapeDraft,
} from './geofence-shape';
import { validateColorHex, validateGeofenceName } from './geofence-validation';
import { DEFAULT_GEOFENCE_COLOR, geofenceColor } from './map-geofence';

/** The side form's fields; the outline is edited on the map and kept beside them. */
export interface GeofenceFormValues {
  name: string;
  /** isInside: alert on vehicles inside the area, or outside it. */
  watch: 'inside' | 'outside';
  /** Null: the service puts it in the company's top group. */
  groupId: string | null;
  color: string;
  isActive: boolean;
  visible: boolean;
  inclusive: boolean;
  includeSubGroups: boolean;
}

export function newGeofenceForm(): GeofenceFormValues {
  return {
    name: '',
    watch: 'inside',
    groupId: null,
    color: DEFAULT_GEOFENCE_COLOR,
    isActive: true,
    visible: true,
    inclusive: true,
    includeSubGroups: true,
  };
}

type UnreportedSettings = Pick<GeofenceFormValues, 'isActive' | 'visible' | 'inclusive'>;

/**
 * The service never returns isActive, visible or inclusive. What this tab last sent for a
 * geofence is kept here, so saving it again does not quietly flip them back to the defaults.
 */
const sentSettings = new Map<string, UnreportedSettings>();

export function rememberSentSettings(geofenceId: string, values: GeofenceFormValues): void {
  const { isActive, visible, inclusive } = values;
  sentSettings.set(geofenceId.toLowerCase(), { isActive, visible, inclusive });
}

/** This tab saved the geofence, so its unreported settings are the ones it sent. */
export function sentSettingsKnown(geofenceId: string): boolean {
  return sentSettings.has(geofenceId.toLowerCase());
}

/** A Monday (1 January 2024), from which the service's day numbers count. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** The short name of day 1 (Monday) to 7 (Sunday) in the reader's language: "Mon", "lun". */
function weekdayName(day: number): string | undefined {
  if (!Number.isInteger(day) || day < 1 || day > 7) return undefined;
  return dateTimeFormat({ weekday: 'short', timeZone: 'UTC' }).format(
    A_MONDAY + (day - 1) * DAY_MS,
  );
}

/**
 * When the geofence is in effect, as the service reports it (days 1 = Monday, times in UTC);
 * null when the answer says nothing about it.
 */
export function describeGeofenceSchedule(geofence: Geofence): string | null {
  const { effectiveDaysOfWeek: days, effectiveStartTime: start, effectiveEndTime: end } = geofence;
  if (days == null && start == null && end == null) return null;
  const dayNames = (days ?? '')
    .split(',')
    .map((day) => weekdayName(Number(day.trim())))
    .filter((day): day is string => day !== undefined);
  const hours = (time: string | null | undefined) => (time ?? '').slice(0, 5);
  const times = start && end ? `${hours(start)}–${hours(end)} UTC` : '';
  if (dayNames.length === 0 && !times) return t`Always`;
  return [dayNames.length > 0 ? dayNames.join(', ') : t`Every day`, times]
    .filter(Boolean)
    .join(' · ');
}

/** The settings the service does report, plus the last sent (or default) unreported ones. */
export function geofenceFormFromGeofence(geofence: Geofence): GeofenceFormValues {
  return {
    ...newGeofenceForm(),
    ...sentSettings.get(geofence.geofenceId.toLowerCase()),
    name: geofence.name ?? '',
    watch: geofence.isInside === false ? 'outside' : 'inside',
    groupId: geofence.groupId ?? null,
    color: geofenceColor(geofence.color),
    includeSubGroups: geofence.includeSubGroups ?? true,
  };
}

export function validateGeofenceForm(
  values: GeofenceFormValues,
): Partial<Record<keyof GeofenceFormValues, string>> {
  const errors: Partial<Record<keyof GeofenceFormValues, string>> = {};
  const name = validateGeofenceName(values.name);
  if (name) errors.name = name;
  const color = validateColorHex(values.color);
  if (color) errors.color = color;
  return errors;
}

const isAssetType = (type: string): type is (typeof geofenceAssetTypes)[number] =>
  isOneOf(geofenceAssetTypes, type);

/**
 * The full POST/PUT body. PUT replaces everything, so an edit sends the assets the geofence
 * already has (the form does not edit them) rather than silently dropping them.
 */
export function geofenceRequest(
  values: GeofenceFormValues,
  shape: ShapeDraft,
  existing: Geofence | null,
): GeofenceRequest {
  return {
    name: values.name.trim(),
    isInside: values.watch === 'inside',
    geofenceGeography: geographyFromShape(shape),
    groupIdentifier: values.groupId ?? undefined,
    includeSubGroups: values.includeSubGroups,
    isActive: values.isActive,
    assets: (existing?.assets ?? []).flatMap((asset) =>
      isAssetType(asset.assetType) ? [{ assetId: asset.assetId, assetType: asset.assetType }] : [],
    ),
    colorHex: values.color.trim().toUpperCase(),
    inclusive: values.inclusive,
    visible: values.visible,
  };
}

/** An imported feature with the defaults of a new geofence where the file says nothing. */
export function importedGeofenceRequest(
  candidate: ImportCandidate,
  groupId: string | null,
): GeofenceRequest {
  const values: GeofenceFormValues = {
    ...newGeofenceForm(),
    name: candidate.name,
    watch: candidate.isInside === false ? 'outside' : 'inside',
    groupId,
    color: candidate.color ?? DEFAULT_GEOFENCE_COLOR,
  };
  return geofenceRequest(values, candidate.shape, null);
}

/** What a save compares with the service's copy: the reported fields and the outline. */
export type GeofenceConflictValues = GeofenceFormValues & { outline: ShapeDraft | null };

export function conflictValuesOf(geofence: Geofence): GeofenceConflictValues {
  return {
    ...geofenceFormFromGeofence(geofence),
    outline: shapeFromGeography(geofence.geofenceGeography),
  };
}

// isActive, visible and inclusive are left out: the service never reports them. A function, so
// the labels are worded in the language chosen when they are shown.
export const geofenceConflictFields = (): readonly ConflictField<GeofenceConflictValues>[] => [
  { key: 'name', label: t`Name` },
  { key: 'watch', label: t`Alert when vehicles are` },
  {
    key: 'groupId',
    label: t`Group`,
    same: (a, b) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase(),
  },
  { key: 'includeSubGroups', label: t`Also applies to vehicles in subgroups` },
  {
    key: 'color',
    label: t`Colour`,
    same: (a, b) => String(a).trim().toUpperCase() === String(b).trim().toUpperCase(),
  },
  {
    key: 'outline',
    label: t`Outline`,
    same: (a, b) => {
      const [first, second] = [a as ShapeDraft | null, b as ShapeDraft | null];
      return first && second ? sameShape(first, second) : first === second;
    },
  },
];

/** A value as the editor shows it. */
export function describeGeofenceField(
  key: keyof GeofenceConflictValues,
  value: GeofenceConflictValues[keyof GeofenceConflictValues],
  groupOptions: readonly { value: string; label: string }[],
): string {
  if (key === 'outline') return value ? describeShape(value as ShapeDraft) : t`No outline`;
  if (key === 'watch') return value === 'outside' ? t`Outside the area` : t`Inside the area`;
  if (key === 'groupId') {
    if (!value) return t`Company (top group)`;
    const id = String(value).toLowerCase();
    return groupOptions.find((option) => option.value.toLowerCase() === id)?.label ?? String(value);
  }
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  return String(value ?? '').trim() || t`Not set`;
}

/** The compared fields, each with the Geofence field it is read from. */
const geofenceConflictSources = [
  ['name', 'name'],
  ['watch', 'isInside'],
  ['groupId', 'groupId'],
  ['includeSubGroups', 'includeSubGroups'],
  ['color', 'color'],
  ['outline', 'geofenceGeography'],
] as const satisfies readonly (readonly [keyof GeofenceConflictValues, keyof Geofence])[];

/**
 * The fields this answer left out (absent, not null). The form shows a default there ('inside',
 * the default colour), which is a guess: never compared, never sent unless the user sets it.
 */
export function unreadGeofenceFields(
  geofence: Geofence,
): ReadonlySet<keyof GeofenceConflictValues> {
  return new Set(
    geofenceConflictSources
      .filter(([, source]) => geofence[source] === undefined)
      .map(([key]) => key),
  );
}

/**
 * The PUT body for a geofence as just read (`fresh`, whose assets it keeps). PUT replaces every
 * field, so when a field is still `unknown` (left out by the reads and not set by the user), or
 * the read left out the assets, this throws and nothing is sent: sending the form's default
 * instead would overwrite a value nobody read.
 */
export function geofenceReplacementRequest(
  values: GeofenceFormValues,
  shape: ShapeDraft,
  fresh: Geofence,
  unknown: ReadonlySet<keyof GeofenceConflictValues>,
): GeofenceRequest {
  const labels = geofenceConflictFields()
    .filter((field) => unknown.has(field.key))
    .map((field) => field.label);
  if (fresh.assets === undefined) labels.push(t`Vehicles and equipment`);
  if (labels.length > 0) throw unreadFieldsError(labels, t`a geofence`);
  return geofenceRequest(values, shape, fresh);
}
