import { Select } from '@mantine/core';
import { useMemo } from 'react';
import {
  changedSinceError,
  listedValueNote,
  OUT_OF_SCOPE_LINE,
  throwIfCancelled,
  type BulkAction,
} from '@/api/bulk-action';
import { deviceKeys } from '@/api/devices';
import { useGroupOptions } from '@/api/group-options';
import { getVehicle, updateVehicle, vehicleKeys, type Vehicle } from '@/api/vehicles';
import { GroupPicker } from '@/components/group-picker';
import {
  useVehicleWriteScope,
  type VehicleWriteScope,
} from '@/components/use-vehicle-write-access';
import { useVehicleLookups } from './use-vehicle-lookups';
import { diffVehicleForm, vehicleFormFromVehicle, type VehicleFormValues } from './vehicle-form';

interface LookupOption {
  value: string;
  label: string;
}

/** What the previews and reports name values with. */
export interface VehicleBulkLookups {
  statusOptions: readonly LookupOption[];
  typeOptions: readonly LookupOption[];
  /** The group's path as the pickers show it. */
  groupLabel: (groupId: string) => string;
  /** False for a vehicle outside the user's groups: nothing is sent for it (the service refuses). */
  canWrite?: VehicleWriteScope;
}

/** The new value, as the vehicle form holds it (a Select value or a group ID). */
interface VehicleFieldParams {
  value: string | null;
}

interface VehicleFieldUndo {
  previous: string;
  sent: string;
}

type BulkField = Extract<keyof VehicleFormValues, 'status' | 'type' | 'groupId'>;

/** The bulk changes never touch the plate's subdivision, so no code → ID map is needed. */
const NO_SUBDIVISIONS: ReadonlyMap<string, number> = new Map();

const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function fieldOf(vehicle: Vehicle, field: BulkField): string {
  // The camera serial is not compared (the same on both sides), so none needs reading.
  return vehicleFormFromVehicle(vehicle, '')[field] ?? '';
}

/**
 * One field set to the same value on every row, the way the detail form saves: read the vehicle
 * afresh, then PATCH only what changed (diffVehicleForm), so nothing else is overwritten.
 */
function vehicleFieldAction(spec: {
  id: string;
  label: string;
  field: BulkField;
  /** As a report names it: "Status", "Type", "Group". */
  fieldName: string;
  describe: (value: string) => string;
  missingValueMessage: string;
  renderParamsForm: NonNullable<BulkAction<Vehicle, VehicleFieldParams>['renderParamsForm']>;
  affectedQueryKeys: BulkAction<Vehicle>['affectedQueryKeys'];
  canWrite?: VehicleWriteScope;
}): BulkAction<Vehicle, VehicleFieldParams, VehicleFieldUndo> {
  const { field, fieldName, describe } = spec;
  const send = async (fresh: Vehicle, value: string) => {
    const saved = vehicleFormFromVehicle(fresh, '');
    await updateVehicle(
      fresh.id,
      diffVehicleForm(saved, { ...saved, [field]: value }, NO_SUBDIVISIONS),
    );
  };
  return {
    id: spec.id,
    label: spec.label,
    initialParams: { value: null },
    renderParamsForm: spec.renderParamsForm,
    validate: ({ value }) => (value ? null : spec.missingValueMessage),
    affectedQueryKeys: spec.affectedQueryKeys,
    preview: (rows, { value }) =>
      rows.map((row) => {
        const listed = fieldOf(row, field);
        if (spec.canWrite?.(row) === false)
          return { row, change: OUT_OF_SCOPE_LINE, willSend: false };
        return value && !sameValue(listed, value)
          ? { row, change: `${fieldName} ${describe(listed)} → ${describe(value)}`, willSend: true }
          : { row, change: `Already ${describe(listed)}: nothing to send`, willSend: false };
      }),
    run: async (row, { value }, signal) => {
      if (!value) throw new Error(spec.missingValueMessage);
      const fresh = await getVehicle(row.id, signal);
      const before = fieldOf(fresh, field);
      if (sameValue(before, value)) {
        return { summary: `Already ${describe(value)}: nothing sent`, undo: null };
      }
      throwIfCancelled(signal);
      await send(fresh, value);
      const note = listedValueNote(describe(fieldOf(row, field)), describe(before));
      return {
        summary: `${fieldName} ${describe(before)} → ${describe(value)}${note}`,
        undo: { previous: before, sent: value },
      };
    },
    undo: async (row, { previous, sent }, signal) => {
      const fresh = await getVehicle(row.id, signal);
      const now = fieldOf(fresh, field);
      if (sameValue(now, previous)) return `Already ${describe(previous)}: nothing sent`;
      if (!sameValue(now, sent)) throw changedSinceError(fieldName, describe(now));
      throwIfCancelled(signal);
      await send(fresh, previous);
      return `${fieldName} back to ${describe(previous)}`;
    },
  };
}

function labelIn(options: readonly LookupOption[], fallback: string) {
  return (value: string) =>
    options.find((option) => option.value === value)?.label ?? `${fallback} ${value}`;
}

const LOOKUP_FIELD_NAMES = { status: 'Status', type: 'Type' } as const;

/** Set status or Set type: the new value is picked from the service's list of them. */
function lookupFieldAction(
  field: keyof typeof LOOKUP_FIELD_NAMES,
  options: readonly LookupOption[],
  {
    affectedQueryKeys,
    canWrite,
  }: Pick<Parameters<typeof vehicleFieldAction>[0], 'affectedQueryKeys' | 'canWrite'>,
) {
  const fieldName = LOOKUP_FIELD_NAMES[field];
  return vehicleFieldAction({
    id: `vehicle-set-${field}`,
    label: `Set ${field}`,
    field,
    fieldName,
    describe: labelIn(options, fieldName),
    missingValueMessage: `Choose the new ${field}.`,
    renderParamsForm: (value, onChange, error) => (
      <Select
        label={`New ${field}`}
        data={options.map((option) => ({ ...option }))}
        value={value.value}
        onChange={(next) => onChange({ value: next })}
        error={error}
        data-autofocus
      />
    ),
    affectedQueryKeys,
    canWrite,
  });
}

/** Set status, set type and move to a group, for the vehicle list's selected rows. */
export function createVehicleBulkActions(lookups: VehicleBulkLookups): BulkAction<Vehicle>[] {
  const vehicleQueries = [vehicleKeys.lists(), vehicleKeys.details()];
  const fieldWrites = { affectedQueryKeys: vehicleQueries, canWrite: lookups.canWrite };
  const setStatus = lookupFieldAction('status', lookups.statusOptions, fieldWrites);
  const setType = lookupFieldAction('type', lookups.typeOptions, fieldWrites);
  const moveToGroup = vehicleFieldAction({
    id: 'vehicle-move-to-group',
    label: 'Move to group',
    field: 'groupId',
    fieldName: 'Group',
    describe: lookups.groupLabel,
    missingValueMessage: 'Choose the group to move the vehicles to.',
    renderParamsForm: (value, onChange, error) => (
      <GroupPicker
        label="New group"
        clearable={false}
        value={value.value}
        onChange={(groupId) => onChange({ value: groupId })}
        error={error}
      />
    ),
    // A camera belongs to its vehicle's group, so it moves too.
    affectedQueryKeys: [...vehicleQueries, deviceKeys.all],
    canWrite: lookups.canWrite,
  });
  return [setStatus, setType, moveToGroup];
}

/** The vehicle bulk actions with the session's lookups (statuses, types, groups). */
export function useVehicleBulkActions(): BulkAction<Vehicle>[] {
  const { statusOptions, typeOptions } = useVehicleLookups({ seatbeltTypes: false });
  const { labelsById: groupLabels } = useGroupOptions();
  const canWrite = useVehicleWriteScope();
  return useMemo(() => {
    return createVehicleBulkActions({
      statusOptions,
      typeOptions,
      groupLabel: (groupId) => groupLabels.get(groupId.toLowerCase()) ?? 'a group not listed here',
      canWrite,
    });
  }, [statusOptions, typeOptions, groupLabels, canWrite]);
}
