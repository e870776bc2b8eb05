import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError, offlineError } from '@/api/api-error';
import { isOffline } from '@/api/connection';
import { UserText } from '@/components/user-text';

export interface UndoableDeleteOptions<Snapshot> {
  /** What is deleted, in words ("geofence"). */
  subject: string;
  /** Reads what Undo needs, just before the delete; throwing keeps the record. */
  snapshot: () => Promise<Snapshot>;
  /** Once the record is read and the delete is about to go (the page may keep its panel). */
  onDeleting?: () => void;
  /** Sends the delete. */
  remove: () => Promise<unknown>;
  /**
   * Brings the record back. `sameId` says whether the service restored the same record or could
   * only create it again under a new ID (the message then says so).
   */
  restore: (snapshot: Snapshot) => Promise<{ sameId: boolean }>;
  /** After a restore: lists to read again. Runs after the form may be gone. */
  onRestored?: () => Promise<unknown>;
}

/** How long Undo stays offered. */
const UNDO_MS = 10_000;

/**
 * A delete with Undo in its toast: the record is read first (a record that could not be brought
 * back is not deleted), then deleted; Undo restores it. Undo runs after the form may have
 * unmounted, so it uses plain calls, not mutation hooks.
 */
export function useUndoableDelete<Snapshot>(options: UndoableDeleteOptions<Snapshot>) {
  const [refusal, setRefusal] = useState<unknown>(null);

  const undo = async (name: string, snapshot: Snapshot) => {
    let sameId: boolean;
    try {
      ({ sameId } = await options.restore(snapshot));
    } catch (error) {
      const reason = describeError(error);
      notifications.show({
        color: 'red',
        message: (
          <Trans>
            “<UserText>{name}</UserText>” was not brought back: {reason}
          </Trans>
        ),
      });
      return;
    }
    await options.onRestored?.();
    notifications.show({
      color: 'green',
      message: sameId ? (
        <Trans>
          “<UserText>{name}</UserText>” was restored.
        </Trans>
      ) : (
        <Trans>
          “<UserText>{name}</UserText>” was created again, with a new ID.
        </Trans>
      ),
    });
  };

  /**
   * Deletes the record named `name` (already confirmed). Resolves true once the delete is done;
   * false when it was refused (the reason is in `refusal`, or in the delete mutation's error).
   */
  const deleteWithUndo = async (name: string, id: string): Promise<boolean> => {
    setRefusal(null);
    // Nothing is read or deleted offline: the Undo could not be sent either.
    if (isOffline()) {
      setRefusal(offlineError('change'));
      return false;
    }
    let snapshot: Snapshot;
    try {
      snapshot = await options.snapshot();
    } catch (error) {
      setRefusal(error);
      return false;
    }
    options.onDeleting?.();
    try {
      await options.remove();
    } catch {
      return false;
    }
    const notificationId = `${options.subject}-deleted-${id}`;
    notifications.show({
      id: notificationId,
      color: 'green',
      autoClose: UNDO_MS,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <span>
            <Trans>
              “<UserText>{name}</UserText>” was deleted.
            </Trans>
          </span>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(notificationId);
              void undo(name, snapshot);
            }}
          >
            <Trans>Undo</Trans>
          </Button>
        </Group>
      ),
    });
    return true;
  };

  return { deleteWithUndo, refusal };
}
