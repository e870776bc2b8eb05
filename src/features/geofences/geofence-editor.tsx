// Over 300 lines: one form whose fields, outline state and three flows (create, save through the
// edit controller, delete with Undo) share the form and the map's outline; split further, each part
// would take most of the props back.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { describeError } from '@/api/api-error';
import {
  geofenceDetailQueryOptions,
  geofenceKeys,
  useCreateGeofenceMutation,
  useDeleteGeofenceMutation,
  useUpdateGeofenceMutation,
  type Geofence,
  type GeofenceRequest,
} from '@/api/geofences';
import { useGroupOptions } from '@/api/group-options';
import { ChangeButton } from '@/components/change-control';
import { useConfirmation } from '@/components/confirm-dialog';
import { useRecordSave, type ReadValues } from '@/components/edit/use-record-save';
import { useUndoableDelete } from '@/components/edit/use-undoable-delete';
import { FormSaveStatus } from '@/components/form-save-status';
import { GroupPicker } from '@/components/group-picker';
import { UserText } from '@/components/user-text';
import { GeofenceBehaviourFields } from './geofence-behaviour-fields';
import {
  deleteUndoNote,
  deleteUndoOf,
  recreateDeletedGeofence,
  type GeofenceDeleteUndo,
} from './geofence-bulk-actions';
import classes from './geofence-editor.module.css';
import {
  conflictValuesOf,
  describeGeofenceField,
  geofenceConflictFields,
  geofenceFormFromGeofence,
  geofenceReplacementRequest,
  geofenceRequest,
  newGeofenceForm,
  rememberSentSettings,
  unreadGeofenceFields,
  validateGeofenceForm,
  type GeofenceConflictValues,
  type GeofenceFormValues,
} from './geofence-form';
import { GeofenceOutlineField } from './geofence-outline-field';
import type { ShapeDraft } from './geofence-shape';
import { GEOFENCE_NAME_MAX_LENGTH, validateColorHex, validateShape } from './geofence-validation';
import { rememberGeofenceGroupId } from './last-geofence-group';
import { geofenceOutOfScopeNote, useGeofenceWriteScope } from './use-geofence-write-scope';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

const readGeofence = (geofence: Geofence): ReadValues<GeofenceConflictValues> => ({
  values: conflictValuesOf(geofence),
  unread: unreadGeofenceFields(geofence),
});

export interface GeofenceEditorProps {
  /** Null for a geofence just drawn and not saved yet. */
  geofence: Geofence | null;
  /** A new geofence's group until the user picks another (the list's, or the last one saved to). */
  defaultGroupId?: string | null;
  /** A new geofence's name until the user types another: the place it was drawn around. */
  defaultName?: string;
  /** The outline as it is now: the drawn or edited one, else the saved one. */
  shape: ShapeDraft | null;
  /**
   * Why the saved outline cannot be drawn ("its outline is outside the map"), or null. The form
   * then asks for a new one, drawn on the map, and saves only with it.
   */
  shapeProblem?: string | null;
  /** The outline differs from the saved one (always true for a new geofence). */
  shapeChanged: boolean;
  /** The outline's edit handles are on. */
  shapeEditing: boolean;
  onEditShape: () => void;
  /** New: throw the drawing away. Saved: put the saved outline back. */
  onDiscard: () => void;
  onSaved: (geofence: Geofence) => void;
  /** The deletion was confirmed and sent (the page keeps the panel while the lists refresh). */
  onDeleteStarted?: () => void;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The Colour field's value whenever it is a valid colour (null when it is not, or unmounted). */
  onColorChange?: (color: string | null) => void;
}

/** The side form for one geofence: its fields, its outline's state, save, cancel and delete. */
export function GeofenceEditor({
  geofence,
  defaultGroupId = null,
  defaultName = '',
  shape,
  shapeProblem = null,
  shapeChanged,
  shapeEditing,
  onEditShape,
  onDiscard,
  onSaved,
  onDeleteStarted,
  onDeleted,
  onDirtyChange,
  onColorChange,
}: GeofenceEditorProps) {
  const { t } = useLingui();
  const isNew = geofence === null;
  // The service refuses changes outside the user's groups: such a geofence is only shown. While
  // that is unknown (the tree or the groups' geofences still loading) the form stays editable.
  const canWrite = useGeofenceWriteScope();
  const readOnly = geofence !== null && canWrite(geofence) === false;
  const createGeofence = useCreateGeofenceMutation();
  const updateGeofence = useUpdateGeofenceMutation();
  const deleteGeofence = useDeleteGeofenceMutation();
  const saving = createGeofence.isPending || updateGeofence.isPending;
  // The verdict on one outline: a fresh outline gets a fresh verdict.
  const [shapeVerdict, setShapeVerdict] = useState<{
    shape: ShapeDraft | null;
    problem: string | null;
  } | null>(null);
  const shapeError = shapeVerdict?.shape === shape ? shapeVerdict.problem : null;
  const setShapeError = (problem: string | null) => setShapeVerdict({ shape, problem });
  const { confirm, confirmationDialog } = useConfirmation();
  const form = useForm<GeofenceFormValues>({
    mode: 'controlled',
    initialValues: geofence
      ? geofenceFormFromGeofence(geofence)
      : {
          ...newGeofenceForm(),
          name: defaultName.slice(0, GEOFENCE_NAME_MAX_LENGTH),
          groupId: defaultGroupId,
        },
    validate: validateGeofenceForm,
  });
  const queryClient = useQueryClient();
  const { options: groupOptions } = useGroupOptions();
  const { statusRef, savedNote, ...edit } = useRecordSave<
    GeofenceConflictValues,
    Geofence,
    GeofenceRequest,
    Geofence
  >({
    subject: t`geofence`,
    // The geofence as this form last read it, to tell what someone else changed before a save.
    // What no read has sent yet: the form's defaults there are guesses, sent only if changed.
    initial: geofence
      ? readGeofence(geofence)
      : { values: { ...newGeofenceForm(), outline: null } },
    read: () =>
      queryClient.fetchQuery({
        ...geofenceDetailQueryOptions(geofence?.geofenceId ?? ''),
        staleTime: 0,
      }),
    valuesOf: readGeofence,
    conflictFields: geofenceConflictFields(),
    describe: (key, value) => describeGeofenceField(key, value, groupOptions),
    writes: 'replace',
    // Their assets, not the ones this form opened with: PUT replaces them all.
    toRequest: ({ values: { outline, ...values }, fresh, unknown }) => {
      const drawn = outline ?? shape;
      if (!drawn) throw new Error(t`This geofence has no outline to save.`);
      return geofenceReplacementRequest(values, drawn, fresh, unknown);
    },
    send: (body) => updateGeofence.mutateAsync({ geofenceId: geofence?.geofenceId ?? '', body }),
    savedValuesOf: readGeofence,
    show: ({ outline: _outline, ...values }, { outline: _knownOutline, ...known }) => {
      form.setValues(values);
      form.resetDirty(known);
    },
    onSaved: (saved, { outline: _outline, ...values }) => {
      rememberSentSettings(saved.geofenceId, values);
      rememberGeofenceGroupId(values.groupId);
      notifications.show({ color: 'green', message: t`The geofence was saved.` });
      onSaved(saved);
    },
  });
  const undoableDelete = useUndoableDelete<GeofenceDeleteUndo>({
    subject: t`geofence`,
    // As a bulk delete does: read first, and keep a geofence that could not be created again.
    snapshot: async () =>
      deleteUndoOf(
        await queryClient.fetchQuery({
          ...geofenceDetailQueryOptions(geofence?.geofenceId ?? ''),
          staleTime: 0,
        }),
      ),
    onDeleting: onDeleteStarted,
    remove: () => deleteGeofence.mutateAsync(geofence?.geofenceId ?? ''),
    restore: async (saved) => {
      await recreateDeletedGeofence(saved);
      return { sameId: false };
    },
    onRestored: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
  });
  const saveError = isNew ? createGeofence.error : edit.error;

  const dirty = isNew || shapeChanged || form.isDirty();
  const guardDialog = useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  // The map shows the outline in the colour chosen here, before it is saved.
  const chosenColor = form.values.color.trim();
  useEffect(
    () => onColorChange?.(validateColorHex(chosenColor) ? null : chosenColor),
    [chosenColor, onColorChange],
  );
  useEffect(() => () => onColorChange?.(null), [onColorChange]);

  const outlineProblem = () => {
    if (shape) return validateShape(shape);
    return shapeProblem
      ? t`Draw a new outline on the map first: the saved one cannot be drawn, so it cannot be saved again.`
      : t`This geofence has no outline to save.`;
  };

  const create = (values: GeofenceFormValues, outline: ShapeDraft) => {
    const body = geofenceRequest(values, outline, null);
    createGeofence.mutate(body, {
      onSuccess: (saved) => {
        rememberSentSettings(saved.geofenceId, values);
        rememberGeofenceGroupId(values.groupId);
        const createdName = saved.name ?? body.name;
        notifications.show({
          color: 'green',
          message: (
            <Trans>
              “<UserText>{createdName}</UserText>” was created.
            </Trans>
          ),
        });
        onSaved(saved);
      },
    });
  };

  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => {
        const problem = outlineProblem();
        setShapeError(problem);
        if (problem || !shape) return;
        if (geofence) void edit.save({ ...values, outline: shape });
        else create(values, shape);
      },
      // A bad name and a bad outline are reported together.
      () => setShapeError(outlineProblem()),
    )(event);

  const remove = async () => {
    if (!geofence) return;
    const name = geofence.name ?? t`this geofence`;
    const undoNote = deleteUndoNote();
    const confirmed = await confirm({
      title: t`Delete geofence?`,
      message: (
        <Text>
          <Trans>
            “<UserText>{name}</UserText>” will be deleted for everyone, and its running activations
            end. {undoNote}
          </Trans>
        </Text>
      ),
      confirmLabel: t`Delete geofence`,
      danger: true,
    });
    if (confirmed && (await undoableDelete.deleteWithUndo(name, geofence.geofenceId))) onDeleted();
  };

  const discard = () => {
    form.reset();
    setShapeError(null);
    createGeofence.reset();
    updateGeofence.reset();
    edit.clearError();
    onDiscard();
  };

  const maxNameLength = GEOFENCE_NAME_MAX_LENGTH;
  const savedInGroup = describeGeofenceField('groupId', form.values.groupId, groupOptions);
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-label={isNew ? t`New geofence` : readOnly ? t`Geofence (read only)` : t`Edit geofence`}
      >
        {readOnly && (
          <Alert color="gray" title={t`Read only`} mb="sm">
            {geofenceOutOfScopeNote()}
          </Alert>
        )}
        {/* A plain fieldset: disabling it disables every field inside, and it takes no room. */}
        <fieldset disabled={readOnly} className={classes.fields}>
          <Stack gap="sm">
            <TextInput
              label={t`Name`}
              description={t`Up to ${maxNameLength} characters`}
              required
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <GroupPicker
              label={t`Group`}
              placeholder={t`Company (top group)`}
              description={isNew ? t`It will be saved in ${savedInGroup}.` : undefined}
              value={form.values.groupId}
              onChange={(groupId) => form.setFieldValue('groupId', groupId)}
            />
            <Checkbox
              label={t`Also applies to vehicles in subgroups`}
              {...form.getInputProps('includeSubGroups', { type: 'checkbox' })}
            />
            <GeofenceOutlineField
              shape={shape}
              shapeProblem={shapeProblem}
              shapeError={shapeError}
              isNew={isNew}
              readOnly={readOnly}
              shapeChanged={shapeChanged}
              shapeEditing={shapeEditing}
              onEditShape={onEditShape}
            />
            <GeofenceBehaviourFields form={form} geofence={geofence} readOnly={readOnly} />

            {saveError ? (
              <Alert
                color="red"
                title={isNew ? t`The geofence was not created` : t`The changes were not saved`}
                role="alert"
              >
                {describeError(saveError)}
              </Alert>
            ) : null}
            {(undoableDelete.refusal ?? deleteGeofence.error) && (
              <Alert color="red" title={t`The geofence was not deleted`} role="alert">
                {describeError(undoableDelete.refusal ?? deleteGeofence.error)}
              </Alert>
            )}

            {!isNew && !readOnly && (
              <FormSaveStatus ref={statusRef}>
                {dirty ? t`Unsaved changes.` : (savedNote ?? t`No unsaved changes.`)}
              </FormSaveStatus>
            )}
            {!readOnly && (
              // On a narrow sheet the buttons wrap to a second line rather than clip Delete.
              <Group justify="space-between" wrap="wrap" gap="xs" className={classes.actions}>
                {geofence ? (
                  <ChangeButton
                    variant="subtle"
                    color="red"
                    px="xs"
                    onClick={() => void remove()}
                    loading={deleteGeofence.isPending}
                    disabled={saving}
                  >
                    <Trans>Delete</Trans>
                  </ChangeButton>
                ) : (
                  <span />
                )}
                <Group gap="xs">
                  <Button
                    variant="default"
                    onClick={discard}
                    disabled={saving || (!dirty && !shapeEditing)}
                  >
                    {isNew ? t`Discard` : t`Cancel`}
                  </Button>
                  <ChangeButton type="submit" loading={saving} disabled={!isNew && !dirty}>
                    {isNew ? t`Save geofence` : t`Save changes`}
                  </ChangeButton>
                </Group>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      {/* Outside the form: a dialog's own submit would otherwise bubble (through the portal) to it. */}
      {confirmationDialog}
      {guardDialog}
      {edit.conflictDialog}
    </>
  );
}
