import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import {
  changedSinceError,
  listedValueNote,
  outOfScopeLine,
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
          return { row, change: outOfScopeLine(), willSend: false };
        const from = describe(listed);
        if (value && !sameValue(listed, value)) {
          const to = describe(value);
          return { row, change: t`${fieldName} ${from} → ${to}`, willSend: true };
        }
        return { row, change: t`Already ${from}: nothing to send`, willSend: false };
      }),
    run: async (row, { value }, signal) => {
      if (!value) throw new Error(spec.missingValueMessage);
      const fresh = await getVehicle(row.id, signal);
      const before = fieldOf(fresh, field);
      const to = describe(value);
      if (sameValue(before, value)) {
        return { summary: t`Already ${to}: nothing sent`, undo: null };
      }
      throwIfCancelled(signal);
      await send(fresh, value);
      const from = describe(before);
      const note = listedValueNote(describe(fieldOf(row, field)), from);
      return {
        summary: t`${fieldName} ${from} → ${to}` + note,
        undo: { previous: before, sent: value },
      };
    },
    undo: async (row, { previous, sent }, signal) => {
      const fresh = await getVehicle(row.id, signal);
      const now = fieldOf(fresh, field);
      const back = describe(previous);
      if (sameValue(now, previous)) return t`Already ${back}: nothing sent`;
      if (!sameValue(now, sent)) throw changedSinceError(fieldName, describe(now));
      throwIfCancelled(signal);
      await send(fresh, previous);
      return t`${fieldName} back to ${back}`;
    },
  };
}

function labelIn(options: readonly LookupOption[], fallback: (value: string) => string) {
  return (value: string) =>
    options.find((option) => option.value === value)?.label ?? fallback(value);
}

/** What the status and type actions say, each sentence whole for the translators. */
function lookupFieldTexts(field: 'status' | 'type') {
  return field === 'status'
    ? {
        fieldName: t`Status`,
        label: t`Set status`,
        missingValueMessage: t`Choose the new status.`,
        newValueLabel: t`New status`,
        unlisted: (id: string) => t`Status ${id}`,
      }
    : {
        fieldName: t`Type`,
        label: t`Set type`,
        missingValueMessage: t`Choose the new type.`,
        newValueLabel: t`New type`,
        unlisted: (id: string) => t`Type ${id}`,
      };
}

/** Set status or Set type: the new value is picked from the service's list of them. */
function lookupFieldAction(
  field: 'status' | 'type',
  options: readonly LookupOption[],
  {
    affectedQueryKeys,
    canWrite,
  }: Pick<Parameters<typeof vehicleFieldAction>[0], 'affectedQueryKeys' | 'canWrite'>,
) {
  const texts = lookupFieldTexts(field);
  return vehicleFieldAction({
    id: `vehicle-set-${field}`,
    label: texts.label,
    field,
    fieldName: texts.fieldName,
    describe: labelIn(options, texts.unlisted),
    missingValueMessage: texts.missingValueMessage,
    renderParamsForm: (value, onChange, error) => (
      <Select
        label={texts.newValueLabel}
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
    label: t`Move to group`,
    field: 'groupId',
    fieldName: t`Group`,
    describe: lookups.groupLabel,
    missingValueMessage: t`Choose the group to move the vehicles to.`,
    renderParamsForm: (value, onChange, error) => (
      <GroupPicker
        label={t`New group`}
        // Focus starts here, not on the dialog's close button: a blur would clear a search typed at once.
        data-autofocus
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
  // Changes with the language: the actions' words are made again in the new one.
  const { _: translate } = useLingui();
  return useMemo(() => {
    const unlisted = translate(msg`a group not listed here`);
    return createVehicleBulkActions({
      statusOptions,
      typeOptions,
      groupLabel: (groupId) => groupLabels.get(groupId.toLowerCase()) ?? unlisted,
      canWrite,
    });
  }, [statusOptions, typeOptions, groupLabels, canWrite, translate]);
}
