import { Button, Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import type { BulkAction } from '@/lib/bulk-action';
import { BulkActionDialog } from './bulk-action-dialog';

export interface BulkActionsMenuProps<Row> {
  /** E.g. useVehicleBulkActions(): each opens its dialog on the selected rows. */
  actions: readonly BulkAction<Row>[];
  selectedRows: readonly Row[];
  /** How the preview and the report name a row, e.g. a vehicle's name. */
  describeRow: (row: Row) => string;
  /** After the dialog closes, when something was sent: e.g. clear the selection. */
  onFinished?: () => void;
}

/**
 * "Bulk actions (N)" for a list's toolbar: lists the actions; the chosen one opens a dialog that
 * previews, sends, reports per item, retries failures and undoes. The dialog works on the rows
 * selected when it opened, whatever the list does meanwhile.
 */
export function BulkActionsMenu<Row>({
  actions,
  selectedRows,
  describeRow,
  onFinished,
}: BulkActionsMenuProps<Row>) {
  const [chosen, setChosen] = useState<{ action: BulkAction<Row>; rows: readonly Row[] } | null>(
    null,
  );
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button ref={menuButton} variant="default" disabled={selectedRows.length === 0}>
            Bulk actions ({selectedRows.length})
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <Menu.Item
              key={action.id}
              color={action.danger ? 'red' : undefined}
              onClick={() => setChosen({ action, rows: [...selectedRows] })}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {chosen && (
        <BulkActionDialog
          action={chosen.action}
          rows={chosen.rows}
          describeRow={describeRow}
          onClose={(sentAnything) => {
            setChosen(null);
            // The menu item that opened the dialog went with its menu: focus its button instead.
            menuButton.current?.focus();
            if (sentAnything) onFinished?.();
          }}
        />
      )}
    </>
  );
}
