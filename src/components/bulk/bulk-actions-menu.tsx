import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu, Text } from '@mantine/core';
import { useRef } from 'react';
import type { BulkAction } from '@/api/bulk-action';
import { useChangeControl } from '@/components/change-control';
import { formatClockTime, formatNumber } from '@/lib/format';
import { BulkActionDialog } from './bulk-action-dialog';
import {
  closeBulkDialog,
  dismissBulkReport,
  openBulkDialog,
  reopenBulkReport,
  useBulkReports,
} from './bulk-reports-store';

export interface BulkActionsMenuProps<Row> {
  /** E.g. useVehicleBulkActions(): each opens its dialog on the selected rows. */
  actions: readonly BulkAction<Row>[];
  selectedRows: readonly Row[];
  /** How the preview and the report name a row, e.g. a vehicle's name. */
  describeRow: (row: Row) => string;
  /** After the dialog first closes, when something was sent: e.g. clear the selection. */
  onFinished?: () => void;
  /**
   * A phone's toolbar keeps one row: the menu shows only while rows are chosen or a report of
   * this session waits in it (its Undo must stay reachable after the selection clears).
   */
  hideWhenIdle?: boolean;
}

/**
 * "Bulk actions (N)" for a list's toolbar: lists the actions; the chosen one opens a dialog that
 * previews, sends, reports per item, retries failures and undoes. The dialog works on the rows
 * selected when it opened, whatever the list does meanwhile. Its report stays in this menu for the
 * session, with Retry and Undo, until the user dismisses it.
 */
export function BulkActionsMenu<Row>({
  actions,
  selectedRows,
  describeRow,
  onFinished,
  hideWhenIdle = false,
}: BulkActionsMenuProps<Row>) {
  const { t } = useLingui();
  const menuButton = useRef<HTMLButtonElement>(null);
  const scope = actions.map((action) => action.id).join(' ');
  const reports = useBulkReports().filter((entry) => entry.scope === scope);
  // Offline the actions stay in the menu, reachable and saying why they do nothing; the
  // reports of this session can still be read.
  const changes = useChangeControl();

  const start = (action: BulkAction<Row>) => {
    const rows = [...selectedRows];
    const actionLabel = action.label;
    const itemCount = rows.length;
    const startedAt = formatClockTime(new Date());
    let finished = false;
    openBulkDialog({
      scope,
      title: t`${actionLabel} · ${plural(itemCount, { one: '# item', other: '# items' })} · ${startedAt}`,
      returnFocusTo: menuButton.current,
      render: (entry) => (
        <BulkActionDialog
          opened={entry.opened}
          action={action}
          rows={rows}
          describeRow={describeRow}
          onClose={(sentAnything) => {
            closeBulkDialog(entry.id, sentAnything);
            // The menu item that opened the dialog went with its menu: focus its button instead.
            entry.returnFocusTo?.focus();
            // Once: a report reopened later must not clear a selection made since.
            if (sentAnything && !finished) onFinished?.();
            finished ||= sentAnything;
          }}
          onDismiss={() => {
            dismissBulkReport(entry.id);
            entry.returnFocusTo?.focus();
          }}
        />
      ),
    });
  };

  if (hideWhenIdle && selectedRows.length === 0 && reports.length === 0) return null;
  const selectedCount = formatNumber(selectedRows.length);

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          ref={menuButton}
          variant="default"
          disabled={selectedRows.length === 0 && reports.length === 0}
        >
          <Trans>Bulk actions ({selectedCount})</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.id}
            color={action.danger ? 'red' : undefined}
            disabled={selectedRows.length === 0}
            {...changes.blockedProps}
            opacity={changes.allowed ? undefined : 0.6}
            rightSection={changes.allowed ? undefined : <OfflineMark />}
            onClick={changes.allowed ? () => start(action) : undefined}
          >
            {action.label}
          </Menu.Item>
        ))}
        {changes.reasonText}
        {reports.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>
              <Trans>Reports of this session</Trans>
            </Menu.Label>
            {reports.map((entry) => {
              const reportTitle = entry.title;
              return (
                <Menu.Item
                  key={entry.id}
                  onClick={() => reopenBulkReport(entry.id, menuButton.current)}
                >
                  <Trans>Report: {reportTitle}</Trans>
                </Menu.Item>
              );
            })}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A blocked action's visible hint; its description carries the full reason. */
function OfflineMark() {
  return (
    <Text size="xs" c="dimmed" aria-hidden>
      <Trans>offline</Trans>
    </Text>
  );
}
