import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import {
  defaultConflictChoices,
  findEditConflicts,
  resolveEditConflicts,
  uniformConflictChoices,
  type ConflictChoice,
  type ConflictField,
  type FieldConflict,
  type UnreadFields,
} from '@/lib/edit-conflicts';
import { UserText } from './user-text';

export interface EditConflictCheck<Values> {
  /** The record as the form was opened. */
  base: Values;
  /** The record as the service holds it now (read just before saving). */
  theirs: Values;
  /** The form as the user left it. */
  mine: Values;
  /** For records whose fields are known only at save time (e.g. a set of roles). */
  fields?: readonly ConflictField<Values>[];
  /** The fields either read left out: never compared, never written back from a placeholder. */
  unread?: UnreadFields<Values>;
}

interface PendingCheck<Values> extends EditConflictCheck<Values> {
  fields: readonly ConflictField<Values>[];
  conflicts: FieldConflict<Values>[];
  resolve: (values: Values | null) => void;
}

/**
 * The save-time conflict check shared by the edit forms: `await check({ base, theirs, mine })`
 * gives the values to save (with the user's choices applied) or null when the user cancelled.
 * Without conflicts it answers at once. Render `conflictDialog` once in the form.
 */
export function useEditConflictCheck<Values>({
  fields,
  describe,
  subject,
}: {
  fields?: readonly ConflictField<Values>[];
  /** A field's value in words, as the form shows it. */
  describe: (key: keyof Values, value: Values[keyof Values]) => string;
  /** What is edited, e.g. "vehicle". */
  subject: string;
}): {
  check: (input: EditConflictCheck<Values>) => Promise<Values | null>;
  conflictDialog: ReactNode;
} {
  const [pending, setPending] = useState<PendingCheck<Values> | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const check = useCallback(
    (input: EditConflictCheck<Values>) => {
      const checked = input.fields ?? fields ?? [];
      const conflicts = findEditConflicts(
        input.base,
        input.theirs,
        input.mine,
        checked,
        input.unread,
      );
      if (conflicts.length === 0) {
        return Promise.resolve(
          resolveEditConflicts(
            input.base,
            input.theirs,
            input.mine,
            checked,
            new Map(),
            input.unread,
          ),
        );
      }
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return new Promise<Values | null>((resolve) => {
        setPending({ ...input, fields: checked, conflicts, resolve });
      });
    },
    [fields],
  );

  const settle = (choices: ReadonlyMap<keyof Values, ConflictChoice> | null) => {
    if (!pending) return;
    pending.resolve(
      choices
        ? resolveEditConflicts(
            pending.base,
            pending.theirs,
            pending.mine,
            pending.fields,
            choices,
            pending.unread,
          )
        : null,
    );
    setPending(null);
    // Back to where the user pressed Save, so the keyboard carries on from there.
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    opener.current = null;
  };

  const conflictDialog = (
    <EditConflictDialog
      // A fresh dialog per check: the merge choices start from the defaults each time.
      key={pending ? 'open' : 'closed'}
      conflicts={pending?.conflicts ?? null}
      subject={subject}
      describe={describe}
      onSettle={settle}
    />
  );
  return { check, conflictDialog };
}

function EditConflictDialog<Values>({
  conflicts,
  subject,
  describe,
  onSettle,
}: {
  conflicts: FieldConflict<Values>[] | null;
  subject: string;
  describe: (key: keyof Values, value: Values[keyof Values]) => string;
  onSettle: (choices: ReadonlyMap<keyof Values, ConflictChoice> | null) => void;
}) {
  const { t } = useLingui();
  const [merging, setMerging] = useState(false);
  const [choices, setChoices] = useState(() => defaultConflictChoices(conflicts ?? []));
  const count = conflicts?.length ?? 0;

  return (
    <Modal
      opened={conflicts !== null}
      onClose={() => onSettle(null)}
      title={t`Someone else changed this ${subject}`}
      centered
      size="lg"
      returnFocus={false}
    >
      {conflicts && (
        <Stack>
          <Text size="sm">
            <Plural
              value={count}
              one={`While you were editing, someone saved a change to this ${subject}. Choose which values to keep. Your other changes are saved either way; nothing is saved if you cancel.`}
              other={`While you were editing, someone saved # changes to this ${subject}. Choose which values to keep. Your other changes are saved either way; nothing is saved if you cancel.`}
            />
          </Text>
          <Table withTableBorder aria-label={t`Fields changed by someone else`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Field</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Their value</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Your value</Trans>
                </Table.Th>
                {merging && (
                  <Table.Th>
                    <Trans>Keep</Trans>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflicts.map((conflict) => {
                const fieldLabel = conflict.label;
                return (
                  <Table.Tr key={String(conflict.key)}>
                    <Table.Th scope="row">{conflict.label}</Table.Th>
                    <Table.Td>
                      <UserText>{describe(conflict.key, conflict.theirs)}</UserText>
                    </Table.Td>
                    <Table.Td>
                      <UserText>{describe(conflict.key, conflict.mine)}</UserText>
                      {!conflict.changedByMe && (
                        <Text span size="xs" c="dimmed" display="block">
                          <Trans>You did not change this field</Trans>
                        </Text>
                      )}
                    </Table.Td>
                    {merging && (
                      <Table.Td>
                        <SegmentedControl
                          size="xs"
                          aria-label={t`Keep for ${fieldLabel}`}
                          data={[
                            { value: 'theirs', label: t`Theirs` },
                            { value: 'mine', label: t`Mine` },
                          ]}
                          value={choices.get(conflict.key) ?? 'mine'}
                          onChange={(value) =>
                            setChoices((previous) =>
                              new Map(previous).set(
                                conflict.key,
                                value === 'theirs' ? 'theirs' : 'mine',
                              ),
                            )
                          }
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" onClick={() => onSettle(null)}>
              <Trans>Cancel</Trans>
            </Button>
            {merging ? (
              <Button onClick={() => onSettle(choices)}>
                <Trans>Save merged</Trans>
              </Button>
            ) : (
              <>
                <Button
                  variant="default"
                  onClick={() => onSettle(uniformConflictChoices(conflicts, 'theirs'))}
                >
                  <Trans>Keep theirs</Trans>
                </Button>
                <Button
                  variant="default"
                  onClick={() => onSettle(uniformConflictChoices(conflicts, 'mine'))}
                >
                  <Trans>Overwrite with mine</Trans>
                </Button>
                <Button onClick={() => setMerging(true)}>
                  <Trans>Merge field by field</Trans>
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
