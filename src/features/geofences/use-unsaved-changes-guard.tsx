import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useConfirmation } from '@/components/confirm-dialog';

function selectedOf(search: unknown): unknown {
  return typeof search === 'object' && search !== null && 'selected' in search
    ? search.selected
    : undefined;
}

/**
 * Asks before unsaved geofence changes are left behind: another page, another geofence
 * (`selected` in the address), or closing the tab. Other search changes (list filters) keep the
 * edit, so they pass; signing out asks on its own (useUnsavedWork). Returns the dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactNode {
  const { t } = useLingui();
  const { confirm, confirmationDialog } = useConfirmation();
  useUnsavedWork(dirty);

  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      // Signing out, here or in another tab, must not be held up by a question.
      if (next.pathname === '/login') return false;
      if (
        next.pathname === current.pathname &&
        selectedOf(next.search) === selectedOf(current.search)
      ) {
        return false;
      }
      const discard = await confirm({
        title: t`Discard unsaved changes?`,
        message: t`This geofence has changes that are not saved. They will be lost if you leave.`,
        confirmLabel: t`Discard changes`,
        danger: true,
      });
      return !discard;
    },
    // Only unsaved changes hold up a navigation or closing the tab.
    disabled: !dirty,
    enableBeforeUnload: dirty,
  });

  return confirmationDialog;
}
