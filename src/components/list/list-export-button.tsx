import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { describeError } from '@/api/api-error';
import {
  exportFileName,
  exportList,
  isExportCancelled,
  type ExportColumn,
  type ExportListOptions,
  type ExportProgress,
} from '@/api/list-export';
import { NeedsConnectionButton, useNeedsConnectionReason } from '@/components/needs-connection';
import { downloadBlob } from '@/lib/csv-export';
import { formatNumber } from '@/lib/format';
import type { TableFileFormat } from '@/lib/table-file';

export interface ListExportButtonProps<Row> {
  /** The rows, plural, as a sentence and the file name say it: "vehicles". */
  what: string;
  /** The file's name before its date, when `what` alone does not say it: "drivers scorecard …". */
  fileName?: string;
  /** The list's title, "Vehicles": it names the Excel sheet. */
  label: string;
  /** One page of the list with the filter the user sees. */
  fetchPage: ExportListOptions<Row>['fetchPage'];
  columns: readonly ExportColumn<Row>[];
  /** See ExportListOptions.keep. */
  keep?: ExportListOptions<Row>['keep'];
  /** True when filters narrow the list: the menu and the notice then say so. */
  filtered: boolean;
  /** Rows per request, for services that take more than the default. */
  pageSize?: number;
  disabled?: boolean;
  /** Further menu items below the table formats, e.g. a page's own file format. */
  moreItems?: ReactNode;
}

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'failed'; format: TableFileFormat; message: string };

// Format names, the same in every language.
const FORMATS: { format: TableFileFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

function progressText({ loaded, total }: ExportProgress): string {
  if (total === null) return plural(loaded, { one: '# row', other: '# rows' });
  const loadedCount = formatNumber(loaded);
  return plural(total, { one: `${loadedCount} of # row`, other: `${loadedCount} of # rows` });
}

/** The toast after an export: how many rows, and any characters Excel could not hold. */
function exportedText(loaded: number, what: string, filtered: boolean, replaced: number): string {
  const exported = filtered
    ? plural(loaded, {
        one: `Exported # ${what} matching the filters.`,
        other: `Exported # ${what} matching the filters.`,
      })
    : plural(loaded, { one: `Exported # ${what}.`, other: `Exported # ${what}.` });
  if (replaced === 0) return exported;
  const replacedNote = plural(replaced, {
    one: '# character that Excel cannot hold was replaced with �.',
    other: '# characters that Excel cannot hold were replaced with �.',
  });
  return t`${exported} ${replacedNote}`;
}

/** Percent done, or null while the total is unknown. */
function percentDone({ loaded, total }: ExportProgress): number | null {
  if (total === null) return null;
  return total === 0 ? 100 : Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * "Export" for any list: every page with the current filter into a CSV or Excel file, with
 * progress, cancel and a retry on failure.
 */
export function ListExportButton<Row>({
  what,
  fileName,
  label,
  fetchPage,
  columns,
  keep,
  filtered,
  pageSize,
  disabled = false,
  moreItems,
}: ListExportButtonProps<Row>) {
  // The plain functions above translate with the same i18n: reading it here redraws on a change.
  const { i18n } = useLingui();
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  // The running export: a ref, so a second click in the same frame finds it and does nothing.
  const running = useRef<AbortController | null>(null);
  const offlineReason = useNeedsConnectionReason();

  useEffect(() => () => running.current?.abort(), []);

  const start = (format: TableFileFormat) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    let loaded = 0;
    let replaced = 0;
    setState({ status: 'running', progress: { loaded: 0, total: null } });
    exportList({
      fetchPage,
      columns,
      keep,
      format,
      signal: controller.signal,
      pageSize,
      sheetName: label,
      onCharactersReplaced: (count) => (replaced = count),
      onProgress: (progress) => {
        loaded = progress.loaded;
        if (!controller.signal.aborted) setState({ status: 'running', progress });
      },
    }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        running.current = null;
        setState({ status: 'idle' });
        downloadBlob(blob, exportFileName(fileName ?? what, format));
        notifications.show({
          color: 'green',
          message: exportedText(loaded, what, filtered, replaced),
        });
      },
      (error: unknown) => {
        // A cancel has already closed the dialog.
        if (controller.signal.aborted || isExportCancelled(error)) return;
        running.current = null;
        setState({ status: 'failed', format, message: describeError(error) });
      },
    );
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  };

  const percent = state.status === 'running' ? percentDone(state.progress) : null;

  return (
    <>
      {offlineReason !== null ? (
        // Exports are never made offline: the button stays, saying it needs the connection.
        <NeedsConnectionButton variant="default">
          <Trans>Export</Trans>
        </NeedsConnectionButton>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" disabled={disabled || state.status === 'running'}>
              <Trans>Export</Trans>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              {filtered ? <Trans>{label} matching the filters</Trans> : <Trans>All {what}</Trans>}
            </Menu.Label>
            {FORMATS.map((option) => (
              <Menu.Item key={option.format} onClick={() => start(option.format)}>
                {option.label}
              </Menu.Item>
            ))}
            {moreItems && (
              <>
                <Menu.Divider />
                {moreItems}
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={state.status !== 'idle'}
        onClose={cancel}
        title={<Trans>Exporting {what}</Trans>}
        closeOnClickOutside={false}
      >
        {state.status === 'running' && (
          <Stack>
            <Progress.Root size="lg">
              {/* Without a total the bar runs full and says no percentage (indeterminate). */}
              <Progress.Section
                value={percent ?? 100}
                animated={percent === null}
                withAria={false}
                role="progressbar"
                aria-label={i18n._(msg`Export progress`)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent ?? undefined}
                aria-valuetext={progressText(state.progress)}
              />
            </Progress.Root>
            <Text size="sm">{progressText(state.progress)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                <Trans>Cancel</Trans>
              </Button>
            </Group>
          </Stack>
        )}
        {state.status === 'failed' && (
          <Stack>
            <Alert color="red" title={<Trans>The export failed</Trans>}>
              {state.message}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                <Trans>Close</Trans>
              </Button>
              <Button onClick={() => start(state.format)}>
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
