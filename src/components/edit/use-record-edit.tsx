import { useForm, type FormValidateInput } from '@mantine/form';
import type { FormEvent } from 'react';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useRecordSave, type RecordSaveOptions } from './use-record-save';

export interface RecordEditOptions<Values extends object, Fresh, Body, Saved> extends Omit<
  RecordSaveOptions<Values, Fresh, Body, Saved>,
  'show'
> {
  validate?: FormValidateInput<Values>;
  /** Whether the form holds something to save; by default, any field changed. */
  isUnsaved?: (base: Values, values: Values) => boolean;
  /** Holds sign-out while unsaved (off where the page has its own guard that does so). */
  holdUnsavedWork?: boolean;
}

/**
 * One edit form on one record, as `useListController` is for lists: the Mantine form, the save
 * flow of `useRecordSave` (fresh read, conflict dialog, change set, save status) and the
 * unsaved-work hold. A form declares its fields, the record → values mapping (`valuesOf`) and the
 * values → request mapping (`toRequest`); render `conflictDialog` outside the `<form>`.
 */
export function useRecordEdit<Values extends object, Fresh, Body, Saved>({
  validate,
  isUnsaved,
  holdUnsavedWork = true,
  ...options
}: RecordEditOptions<Values, Fresh, Body, Saved>) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initial.values,
    validate,
  });
  const edit = useRecordSave({
    ...options,
    show: (values, known) => {
      form.setValues(values);
      form.resetDirty(known);
    },
  });
  const unsaved = isUnsaved ? isUnsaved(edit.base, form.values) : form.isDirty();
  useUnsavedWork(holdUnsavedWork && unsaved);

  // Mantine builds the submit handler when the form is submitted, not while rendering. Enter in
  // an unchanged form sends nothing (Save is disabled then too).
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (!unsaved) {
      event?.preventDefault();
      return;
    }
    form.onSubmit((values) => edit.save(values))(event);
  };
  const discard = () => {
    form.setValues(edit.base);
    edit.clearError();
  };
  return { ...edit, form, submit, discard, unsaved };
}
