import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  changedSinceError,
  listedValueNote,
  outOfScopeLine,
  throwIfCancelled,
  type BulkAction,
} from '@/api/bulk-action';
import {
  createGeofence,
  deleteGeofence,
  geofenceKeys,
  getGeofence,
  updateGeofence,
  type Geofence,
  type GeofenceRequest,
} from '@/api/geofences';
import { useGroupOptions } from '@/api/group-options';
import { GroupPicker } from '@/components/group-picker';
import { sameId } from '@/lib/guid';
import {
  geofenceFormFromGeofence,
  geofenceReplacementRequest,
  rememberSentSettings,
  unreadGeofenceFields,
  type GeofenceFormValues,
} from './geofence-form';
import { shapeFromGeography } from './geofence-shape';
import { useGeofenceWriteScope, type GeofenceWriteScope } from './use-geofence-write-scope';

export interface GeofenceBulkLookups {
  /** The group's path as the pickers show it. */
  groupLabel: (groupId: string) => string;
  /** False for a geofence the user may not change: the preview skips it and says why. */
  canWrite?: GeofenceWriteScope;
}

interface GeofenceGroupParams {
  groupId: string | null;
}

interface GeofenceMoveUndo {
  previousGroupId: string;
  sentGroupId: string;
}

/** Everything needed to create the geofence again: the body its editor would save, and the form. */
export interface GeofenceDeleteUndo {
  body: GeofenceRequest;
  values: GeofenceFormValues;
}

/** Lists, details and activations: moves and deletes change all three (deletes end activations). */
const geofenceQueries = [geofenceKeys.lists(), geofenceKeys.details(), geofenceKeys.activations()];

/**
 * The full PUT/POST body the editor would save for this geofence as the service has it now (PUT
 * replaces everything), with `changes` on top. Throws when the outline cannot be read back, or
 * when the read left out a field (a default sent in its place would overwrite it).
 */
function bodyOf(
  fresh: Geofence,
  changes: Partial<GeofenceFormValues> = {},
): { body: GeofenceRequest; values: GeofenceFormValues } {
  const shape = shapeFromGeography(fresh.geofenceGeography);
  if (!shape) {
    throw new Error(t`The service sent an outline the console cannot read, so nothing was sent.`);
  }
  const values = { ...geofenceFormFromGeofence(fresh), ...changes };
  const unknown = new Set([...unreadGeofenceFields(fresh)].filter((key) => !(key in changes)));
  return { body: geofenceReplacementRequest(values, shape, fresh, unknown), values };
}

async function saveWithGroup(fresh: Geofence, groupId: string): Promise<void> {
  const { body, values } = bodyOf(fresh, { groupId });
  const saved = await updateGeofence(fresh.geofenceId, body);
  rememberSentSettings(saved.geofenceId, values);
}

function moveToGroupAction(
  lookups: GeofenceBulkLookups,
): BulkAction<Geofence, GeofenceGroupParams, GeofenceMoveUndo> {
  const describe = (groupId: string | null | undefined) =>
    groupId ? lookups.groupLabel(groupId) : t`Company (top group)`;
  const missingGroup = t`Choose the group to move the geofences to.`;
  /** "Group North → South", for the preview and the report. */
  const groupChange = (from: string | null | undefined, to: string | null | undefined) => {
    const before = describe(from);
    const after = describe(to);
    return t`Group ${before} → ${after}`;
  };
  const alreadyIn = (
    groupId: string | null | undefined,
    sent: 'nothing to send' | 'nothing sent',
  ) => {
    const group = describe(groupId);
    return sent === 'nothing to send'
      ? t`Already in ${group}: nothing to send`
      : t`Already in ${group}: nothing sent`;
  };
  return {
    id: 'geofence-move-to-group',
    label: t`Move to group`,
    initialParams: { groupId: null },
    validate: ({ groupId }) => (groupId ? null : missingGroup),
    renderParamsForm: (value, onChange, error) => (
      <GroupPicker
        label={t`New group`}
        // Focus starts here, not on the dialog's close button: a blur would clear a search typed at once.
        data-autofocus
        clearable={false}
        value={value.groupId}
        onChange={(groupId) => onChange({ groupId })}
        error={error}
      />
    ),
    affectedQueryKeys: geofenceQueries,
    preview: (rows, { groupId }) =>
      rows.map((row) =>
        lookups.canWrite?.(row) === false
          ? { row, change: outOfScopeLine(), willSend: false }
          : groupId && !sameId(row.groupId, groupId)
            ? { row, change: groupChange(row.groupId, groupId), willSend: true }
            : { row, change: alreadyIn(row.groupId, 'nothing to send'), willSend: false },
      ),
    run: async (row, { groupId }, signal) => {
      if (!groupId) throw new Error(missingGroup);
      const fresh = await getGeofence(row.geofenceId, signal);
      if (sameId(fresh.groupId, groupId)) {
        return { summary: alreadyIn(groupId, 'nothing sent'), undo: null };
      }
      if (!fresh.groupId) {
        // The service keeps a geofence's group when a PUT names none, so undo could not put it back.
        throw new Error(
          t`The service reports no group for it, so a move could not be undone: nothing sent.`,
        );
      }
      throwIfCancelled(signal);
      await saveWithGroup(fresh, groupId);
      const note = listedValueNote(describe(row.groupId), describe(fresh.groupId));
      return {
        summary: `${groupChange(fresh.groupId, groupId)}${note}`,
        undo: { previousGroupId: fresh.groupId, sentGroupId: groupId },
      };
    },
    undo: async (row, { previousGroupId, sentGroupId }, signal) => {
      const fresh = await getGeofence(row.geofenceId, signal);
      if (sameId(fresh.groupId, previousGroupId)) {
        return alreadyIn(previousGroupId, 'nothing sent');
      }
      if (!sameId(fresh.groupId, sentGroupId))
        throw changedSinceError(t`Group`, describe(fresh.groupId));
      throwIfCancelled(signal);
      await saveWithGroup(fresh, previousGroupId);
      const previousGroup = describe(previousGroupId);
      return t`Back in ${previousGroup}`;
    },
  };
}

/**
 * What deleting this geofence would need to undo it, read before the delete. Throws when it could
 * not be created again (then nothing should be deleted).
 */
export function deleteUndoOf(fresh: Geofence): GeofenceDeleteUndo {
  return bodyOf(fresh);
}

/** Undoes a delete: the geofence comes back from its saved body, under a new ID. */
export async function recreateDeletedGeofence({
  body,
  values,
}: GeofenceDeleteUndo): Promise<Geofence> {
  const created = await createGeofence(body);
  rememberSentSettings(created.geofenceId, values);
  return created;
}

/** What Undo of a delete brings back, and what it cannot. */
export function deleteUndoNote(): string {
  return t`Undo creates it again from what was saved before the delete: it comes back with a new ID, and its activation history stays with the deleted one.`;
}

function deleteAction(
  lookups: GeofenceBulkLookups,
): BulkAction<Geofence, null, GeofenceDeleteUndo> {
  return {
    id: 'geofence-delete',
    label: t`Delete`,
    danger: true,
    note: t`Deleting ends the geofences’ open activations. Undo creates each geofence again from what was saved before the delete: it comes back with a new ID, and its activation history stays with the deleted one.`,
    initialParams: null,
    affectedQueryKeys: geofenceQueries,
    preview: (rows) =>
      rows.map((row) =>
        lookups.canWrite?.(row) === false
          ? { row, change: outOfScopeLine(), willSend: false }
          : { row, change: t`Delete (undo creates it again with a new ID)`, willSend: true },
      ),
    run: async (row, _params, signal) => {
      const fresh = await getGeofence(row.geofenceId, signal);
      // Read (and checked) before the delete: a geofence that could not be re-created is kept.
      const saved = deleteUndoOf(fresh);
      throwIfCancelled(signal);
      await deleteGeofence(fresh.geofenceId);
      return { summary: t`Deleted`, undo: saved };
    },
    undo: async (_row, saved, signal) => {
      throwIfCancelled(signal);
      const created = await recreateDeletedGeofence(saved);
      const geofenceId = created.geofenceId;
      return t`Created again with a new ID: ${geofenceId}`;
    },
  };
}

/** Move to a group and delete, for the geofence list's selected rows. */
export function createGeofenceBulkActions(lookups: GeofenceBulkLookups): BulkAction<Geofence>[] {
  return [moveToGroupAction(lookups), deleteAction(lookups)];
}

/** The geofence bulk actions with the session's group names. */
export function useGeofenceBulkActions(): BulkAction<Geofence>[] {
  // The hook's `t` changes with the language, so the actions are worded again then.
  const { t: translate } = useLingui();
  const { labelsById: groupLabels } = useGroupOptions();
  const canWrite = useGeofenceWriteScope();
  return useMemo(
    () =>
      createGeofenceBulkActions({
        groupLabel: (groupId) =>
          groupLabels.get(groupId.toLowerCase()) ?? translate`a group not listed here`,
        canWrite,
      }),
    [groupLabels, canWrite, translate],
  );
}
