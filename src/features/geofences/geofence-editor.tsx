import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
import { useConfirmation } from '@/components/confirm-dialog';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import { FormSaveStatus } from '@/components/form-save-status';
import { useGroupOptions } from '@/api/group-options';
import { GroupPicker } from '@/components/group-picker';
import {
  knownValues,
  stillUnread,
  unknownAfterEdit,
  type UnreadFields,
} from '@/lib/edit-conflicts';
import {
  conflictValuesOf,
  describeGeofenceField,
  describeGeofenceSchedule,
  geofenceConflictFields,
  geofenceFormFromGeofence,
  geofenceReplacementRequest,
  geofenceRequest,
  newGeofenceForm,
  rememberSentSettings,
  sentSettingsKnown,
  unreadGeofenceFields,
  validateGeofenceForm,
  type GeofenceConflictValues,
  type GeofenceFormValues,
} from './geofence-form';
import {
  DELETE_UNDO_NOTE,
  deleteUndoOf,
  recreateDeletedGeofence,
  type GeofenceDeleteUndo,
} from './geofence-bulk-actions';
import { cannotBeDrawn, NO_OUTLINE } from '@/lib/map-shape';
import { describeShape, type ShapeDraft } from './geofence-shape';
import { GEOFENCE_NAME_MAX_LENGTH, validateColorHex, validateShape } from './geofence-validation';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
import { rememberGeofenceGroupId } from './last-geofence-group';
import { GEOFENCE_OUT_OF_SCOPE_NOTE, useGeofenceWriteScope } from './use-geofence-write-scope';
import classes from './geofence-editor.module.css';
import { UserText } from '@/components/user-text';
import { useTouchScreen } from '@/lib/use-touch-screen';

const SWATCHES = [
  '#1C7ED6',
  '#0B7285',
  '#2B8A3E',
  '#E67700',
  '#C92A2A',
  '#862E9C',
  '#5F3DC4',
  '#495057',
];

/**
 * What the handles on the map do, per shape (geoman's edit mode). A corner goes on the context
 * menu's event: a right-click, or a long press on a touch screen.
 */
const editingHelp = (touch: boolean): Record<ShapeDraft['kind'], string> => ({
  polygon: `On the map: drag a corner to move it, drag a middle handle to add a corner, ${touch ? 'press and hold' : 'right-click'} a corner to remove it, or drag the shape to move it.`,
  square: 'On the map: drag a corner to resize the rectangle, or drag the shape to move it.',
  circle: 'On the map: drag the centre to move the circle, or the handle on its edge to resize it.',
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
  const isNew = geofence === null;
  const touchScreen = useTouchScreen();
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
  // The geofence as this form last read it, to tell what someone else changed before a save.
  const [conflictBase, setConflictBase] = useState<GeofenceConflictValues>(() =>
    geofence ? conflictValuesOf(geofence) : { ...newGeofenceForm(), outline: null },
  );
  // What no read has sent yet: the form's defaults there are guesses, sent only if changed.
  const [baseUnread, setBaseUnread] = useState<ReadonlySet<keyof GeofenceConflictValues>>(() =>
    geofence ? unreadGeofenceFields(geofence) : new Set(),
  );
  const [refusal, setRefusal] = useState<unknown>(null);
  const [deleteRefusal, setDeleteRefusal] = useState<unknown>(null);
  const saveError = isNew ? createGeofence.error : (refusal ?? updateGeofence.error);
  const [checking, setChecking] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { check, conflictDialog } = useEditConflictCheck<GeofenceConflictValues>({
    fields: geofenceConflictFields,
    subject: 'geofence',
    describe: (key, value) => describeGeofenceField(key, value, groupOptions),
  });

  const settingsHeadingId = useId();
  // The service reports none of the three switches: say where their state comes from, in a line.
  const settingsNote =
    isNew || readOnly
      ? null
      : sentSettingsKnown(geofence.geofenceId)
        ? 'As last saved from this browser.'
        : 'Not reported by the service: saving sets them as shown.';
  const schedule = geofence ? describeGeofenceSchedule(geofence) : null;

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
      ? 'Draw a new outline on the map first: the saved one cannot be drawn, so it cannot be saved again.'
      : 'This geofence has no outline to save.';
  };

  const create = (values: GeofenceFormValues, outline: ShapeDraft) => {
    const body = geofenceRequest(values, outline, null);
    createGeofence.mutate(body, {
      onSuccess: (saved) => {
        rememberSentSettings(saved.geofenceId, values);
        rememberGeofenceGroupId(values.groupId);
        notifications.show({
          color: 'green',
          message: (
            <>
              “<UserText>{saved.name ?? body.name}</UserText>” was created.
            </>
          ),
        });
        onSaved(saved);
      },
    });
  };

  const update = async (existing: Geofence, values: GeofenceFormValues, outline: ShapeDraft) => {
    if (checking) return;
    setChecking(true);
    setRefusal(null);
    let fresh: Geofence;
    let unread: UnreadFields<GeofenceConflictValues>;
    let resolved: GeofenceConflictValues | null;
    const mine = { ...values, outline };
    try {
      fresh = await queryClient.fetchQuery({
        ...geofenceDetailQueryOptions(existing.geofenceId),
        staleTime: 0,
      });
      unread = { base: baseUnread, theirs: unreadGeofenceFields(fresh) };
      resolved = await check({ base: conflictBase, theirs: conflictValuesOf(fresh), mine, unread });
    } catch (error) {
      setChecking(false);
      notifications.show({
        color: 'red',
        message: `The geofence could not be checked for other people's changes: ${describeError(error)}`,
      });
      return;
    }
    setChecking(false);
    if (!resolved) return;
    const { outline: resolvedOutline, ...resolvedValues } = resolved;
    let body: GeofenceRequest;
    try {
      // Their assets, not the ones this form opened with: PUT replaces them all.
      const unknown = unknownAfterEdit(conflictBase, mine, geofenceConflictFields, unread);
      body = geofenceReplacementRequest(
        resolvedValues,
        resolvedOutline ?? outline,
        fresh,
        new Set(unknown.map((field) => field.key)),
      );
    } catch (error) {
      setRefusal(error);
      return;
    }
    setConflictBase(knownValues(conflictBase, conflictValuesOf(fresh), unread));
    setBaseUnread(stillUnread(unread));
    form.setValues(resolvedValues);
    updateGeofence.mutate(
      { geofenceId: existing.geofenceId, body },
      {
        onSuccess: (saved) => {
          rememberSentSettings(saved.geofenceId, resolvedValues);
          rememberGeofenceGroupId(resolvedValues.groupId);
          // What was just sent is known, whatever the answer leaves out.
          const savedUnread = { theirs: unreadGeofenceFields(saved) };
          const known = knownValues(resolved, conflictValuesOf(saved), savedUnread);
          const { outline: _savedOutline, ...next } = known;
          form.setValues(next);
          form.resetDirty(next);
          setConflictBase(known);
          setBaseUnread(new Set());
          setSavedNote('Saved. No unsaved changes.');
          notifications.show({ color: 'green', message: 'The geofence was saved.' });
          onSaved(saved);
          statusRef.current?.focus();
        },
      },
    );
  };

  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => {
        const problem = outlineProblem();
        setShapeError(problem);
        if (problem || !shape) return;
        if (geofence) void update(geofence, values, shape);
        else create(values, shape);
      },
      // A bad name and a bad outline are reported together.
      () => setShapeError(outlineProblem()),
    )(event);

  const remove = async () => {
    if (!geofence) return;
    const name = geofence.name ?? 'this geofence';
    const confirmed = await confirm({
      title: 'Delete geofence?',
      message: (
        <Text>
          “<UserText>{name}</UserText>” will be deleted for everyone, and its running activations
          end. {DELETE_UNDO_NOTE}
        </Text>
      ),
      confirmLabel: 'Delete geofence',
      danger: true,
    });
    if (!confirmed) return;
    setDeleteRefusal(null);
    let saved: GeofenceDeleteUndo;
    try {
      // As a bulk delete does: read first, and keep a geofence that could not be created again.
      const fresh = await queryClient.fetchQuery({
        ...geofenceDetailQueryOptions(geofence.geofenceId),
        staleTime: 0,
      });
      saved = deleteUndoOf(fresh);
    } catch (error) {
      setDeleteRefusal(error);
      return;
    }
    onDeleteStarted?.();
    // Awaited rather than mutate's callbacks: those are dropped if this form unmounts meanwhile.
    try {
      await deleteGeofence.mutateAsync(geofence.geofenceId);
    } catch {
      return; // Shown below the form from the mutation's error.
    }
    const notificationId = `geofence-deleted-${geofence.geofenceId}`;
    notifications.show({
      id: notificationId,
      color: 'green',
      autoClose: 10_000,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <span>
            “<UserText>{name}</UserText>” was deleted.
          </span>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(notificationId);
              void undoDelete(name, saved);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
    onDeleted();
  };

  /** Runs after this form may be gone, so it uses no mutation hooks. */
  const undoDelete = async (name: string, saved: GeofenceDeleteUndo) => {
    try {
      await recreateDeletedGeofence(saved);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: (
          <>
            “<UserText>{name}</UserText>” was not created again: {describeError(error)}
          </>
        ),
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() });
    notifications.show({
      color: 'green',
      message: (
        <>
          “<UserText>{name}</UserText>” was created again, with a new ID.
        </>
      ),
    });
  };

  const discard = () => {
    form.reset();
    setShapeError(null);
    createGeofence.reset();
    updateGeofence.reset();
    setRefusal(null);
    onDiscard();
  };

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-label={isNew ? 'New geofence' : readOnly ? 'Geofence (read only)' : 'Edit geofence'}
      >
        {readOnly && (
          <Alert color="gray" title="Read only" mb="sm">
            {GEOFENCE_OUT_OF_SCOPE_NOTE}
          </Alert>
        )}
        {/* A plain fieldset: disabling it disables every field inside, and it takes no room. */}
        <fieldset disabled={readOnly} className={classes.fields}>
          <Stack gap="sm">
            <TextInput
              label="Name"
              description={`Up to ${GEOFENCE_NAME_MAX_LENGTH} characters`}
              required
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <GroupPicker
              label="Group"
              placeholder="Company (top group)"
              description={
                isNew
                  ? `It will be saved in ${describeGeofenceField('groupId', form.values.groupId, groupOptions)}.`
                  : undefined
              }
              value={form.values.groupId}
              onChange={(groupId) => form.setFieldValue('groupId', groupId)}
            />
            <Checkbox
              label="Also applies to vehicles in subgroups"
              {...form.getInputProps('includeSubGroups', { type: 'checkbox' })}
            />
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} size="h5">
                  Outline
                </Title>
                {shapeChanged && !isNew && (
                  <Badge color="orange" variant="light">
                    Unsaved outline
                  </Badge>
                )}
              </Group>
              {shape ? (
                <Text size="sm">{describeShape(shape)}</Text>
              ) : (
                <Alert
                  color="orange"
                  variant="light"
                  p="xs"
                  title={cannotBeDrawn(shapeProblem ?? NO_OUTLINE)}
                >
                  {readOnly
                    ? 'It is listed, but not shown on the map.'
                    : `Draw a new outline on the map: ${touchScreen ? 'tap' : 'click'} to place each corner and Finish above the map, or pick Rectangle or Circle there.`}
                </Alert>
              )}
              {readOnly ? null : !shape && !isNew ? (
                <Button variant="default" size="xs" onClick={onEditShape} w="fit-content">
                  Draw the outline on the map
                </Button>
              ) : shapeEditing || isNew ? (
                shape && (
                  <Text size="xs" c="dimmed">
                    {editingHelp(touchScreen)[shape.kind]}
                  </Text>
                )
              ) : (
                <Button variant="default" size="xs" onClick={onEditShape} w="fit-content">
                  Edit outline on the map
                </Button>
              )}
              {shapeError && (
                <Alert color="red" title="The outline cannot be saved" role="alert">
                  {shapeError}
                </Alert>
              )}
            </Stack>
            <Radio.Group label="Alert when vehicles are" {...form.getInputProps('watch')}>
              <Group mt={4}>
                <Radio value="inside" label="Inside the area" />
                <Radio value="outside" label="Outside the area" />
              </Group>
            </Radio.Group>
            <ColorInput
              label="Colour"
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={8}
              withEyeDropper={false}
              {...form.getInputProps('color')}
            />
            {schedule && (
              <Text size="sm">
                <Text span fw={500}>
                  In effect:
                </Text>{' '}
                {schedule}
              </Text>
            )}
            <Stack gap={6} role="group" aria-labelledby={settingsHeadingId}>
              <Text id={settingsHeadingId} size="sm" fw={500}>
                Settings
              </Text>
              {settingsNote && (
                <Text size="xs" c="dimmed">
                  {settingsNote}
                </Text>
              )}
              <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
              <Switch
                label="Visible on maps"
                {...form.getInputProps('visible', { type: 'checkbox' })}
              />
              <Switch
                label="Inclusive"
                {...form.getInputProps('inclusive', { type: 'checkbox' })}
              />
            </Stack>

            {saveError && (
              <Alert
                color="red"
                title={isNew ? 'The geofence was not created' : 'The changes were not saved'}
                role="alert"
              >
                {describeError(saveError)}
              </Alert>
            )}
            {(deleteRefusal ?? deleteGeofence.error) && (
              <Alert color="red" title="The geofence was not deleted" role="alert">
                {describeError(deleteRefusal ?? deleteGeofence.error)}
              </Alert>
            )}

            {!isNew && !readOnly && (
              <FormSaveStatus ref={statusRef}>
                {dirty ? 'Unsaved changes.' : (savedNote ?? 'No unsaved changes.')}
              </FormSaveStatus>
            )}
            {!readOnly && (
              // On a narrow sheet the buttons wrap to a second line rather than clip Delete.
              <Group justify="space-between" wrap="wrap" gap="xs" className={classes.actions}>
                {geofence ? (
                  <Button
                    variant="subtle"
                    color="red"
                    px="xs"
                    onClick={() => void remove()}
                    loading={deleteGeofence.isPending}
                    disabled={saving}
                  >
                    Delete
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="xs">
                  <Button
                    variant="default"
                    onClick={discard}
                    disabled={saving || (!dirty && !shapeEditing)}
                  >
                    {isNew ? 'Discard' : 'Cancel'}
                  </Button>
                  <Button type="submit" loading={saving} disabled={!isNew && !dirty}>
                    {isNew ? 'Save geofence' : 'Save changes'}
                  </Button>
                </Group>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      {/* Outside the form: a dialog's own submit would otherwise bubble (through the portal) to it. */}
      {confirmationDialog}
      {guardDialog}
      {conflictDialog}
    </>
  );
}
