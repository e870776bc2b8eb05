import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { describeError } from '@/api/api-error';
import { ChangeButton } from './change-control';

/**
 * A form's one-line save state ("No unsaved changes.", "Saved."). Focusable from script only:
 * after a save the form moves focus here, so a keyboard user stays in the form (the Save button
 * is disabled while saving, which would otherwise drop focus to the page) and hears the outcome.
 */
export function FormSaveStatus({
  ref,
  children,
}: {
  ref?: Ref<HTMLParagraphElement>;
  children: ReactNode;
}) {
  return (
    <Text ref={ref} size="sm" c="dimmed" role="status" tabIndex={-1}>
      {children}
    </Text>
  );
}

/** What the footer shows of an edit form's controller (`useRecordEdit`). */
export interface EditFormState {
  statusRef: Ref<HTMLParagraphElement>;
  savedNote: string | null;
  saving: boolean;
  error: unknown;
  discard: () => void;
}

/**
 * The end of an edit form: the save error, the save status that takes focus after a save, and
 * Discard / Save, enabled only while something is unsaved.
 */
export function EditFormFooter({
  edit: { statusRef, savedNote, saving, error, discard },
  unsavedText,
}: {
  edit: EditFormState;
  /** What is unsaved, or null when nothing is. */
  unsavedText: string | null;
}) {
  const { t } = useLingui();
  const dirty = unsavedText !== null;
  return (
    <>
      {error ? (
        <Alert color="red" title={t`The changes were not saved`} role="alert">
          {describeError(error)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <FormSaveStatus ref={statusRef}>
          {unsavedText ?? savedNote ?? t`No unsaved changes.`}
        </FormSaveStatus>
        <Group>
          <Button variant="default" disabled={!dirty || saving} onClick={discard}>
            <Trans>Discard changes</Trans>
          </Button>
          <ChangeButton type="submit" loading={saving} disabled={!dirty}>
            <Trans>Save changes</Trans>
          </ChangeButton>
        </Group>
      </Group>
    </>
  );
}
