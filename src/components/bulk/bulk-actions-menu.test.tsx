// @vitest-environment jsdom
import { NativeSelect } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import type { BulkAction } from '@/api/bulk-action';
import { watchConnection } from '@/api/connection';
import { downloadCsv } from '@/lib/csv-export';
import { TestProviders } from '@/test/test-providers';
import { BulkActionsMenu } from './bulk-actions-menu';
import { BulkDialogsHost } from './bulk-dialogs-host';

vi.mock('@/lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv-export')>()),
  downloadCsv: vi.fn(),
}));

interface Lamp {
  name: string;
  colour: string;
}

const lamps: Lamp[] = [
  { name: 'Hall', colour: 'blue' },
  { name: 'Porch', colour: 'red' },
  { name: 'Shed', colour: 'green' },
];

/** Sets a lamp's colour in `service`; the shed's first change fails as a busy service would. */
function setColourAction(service: Map<string, string>) {
  let shedRefusals = 1;
  const action: BulkAction<Lamp, { colour: string }, { colour: string }> = {
    id: 'lamp-set-colour',
    label: 'Set colour',
    initialParams: { colour: '' },
    renderParamsForm: (value, onChange, error) => (
      <NativeSelect
        label="Colour"
        data={['', 'red', 'blue']}
        value={value.colour}
        onChange={(event) => onChange({ colour: event.currentTarget.value })}
        error={error}
      />
    ),
    validate: ({ colour }) => (colour ? null : 'Choose a colour.'),
    preview: (rows, { colour }) =>
      rows.map((row) =>
        row.colour === colour
          ? { row, change: `already ${colour}: nothing to send`, willSend: false }
          : { row, change: `${row.colour} → ${colour}`, willSend: true },
      ),
    run: async (row, { colour }) => {
      if (row.name === 'Shed' && shedRefusals-- > 0) {
        throw new ApiError({
          status: 503,
          code: 'UNAVAILABLE',
          message: 'The service is unavailable right now. Try again in a moment.',
        });
      }
      const before = service.get(row.name)!;
      service.set(row.name, colour);
      return { summary: `${before} → ${colour}`, undo: { colour: before } };
    },
    undo: async (row, { colour }) => {
      service.set(row.name, colour);
      return `back to ${colour}`;
    },
    affectedQueryKeys: [['lamps']],
  };
  return action;
}

function renderMenu(ui: (rows: readonly Lamp[]) => ReactNode, rows: readonly Lamp[]) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrap = (selected: readonly Lamp[]) => (
    <TestProviders>
      <QueryClientProvider client={queryClient}>
        {ui(selected)}
        <BulkDialogsHost />
      </QueryClientProvider>
    </TestProviders>
  );
  const view = render(wrap(rows));
  return { invalidate, rerender: (selected: readonly Lamp[]) => view.rerender(wrap(selected)) };
}

const reportRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('BulkActionsMenu', () => {
  it('previews, sends, reports per item, retries the failed one, downloads the report and undoes', async () => {
    const user = userEvent.setup();
    const service = new Map(lamps.map((lamp) => [lamp.name, lamp.colour]));
    const action = setColourAction(service);
    const onFinished = vi.fn();
    const { invalidate, rerender } = renderMenu(
      (selected) => (
        <BulkActionsMenu
          actions={[action as BulkAction<Lamp>]}
          selectedRows={selected}
          describeRow={(lamp) => lamp.name}
          onFinished={onFinished}
        />
      ),
      [],
    );
    expect(screen.getByRole('button', { name: 'Bulk actions (0)' })).toBeDisabled();
    rerender(lamps);

    await user.click(screen.getByRole('button', { name: 'Bulk actions (3)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set colour' });

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Choose a colour.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), 'red');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('list', { name: 'Changes to send' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hall: blue → red', 'Porch: already red: nothing to send', 'Shed: green → red']);
    expect(
      within(dialog).getByText('2 changes to send; 1 item needs nothing.'),
    ).toBeInTheDocument();
    // Back keeps the chosen colour.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('combobox', { name: 'Colour' })).toHaveValue('red');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send 2 changes' }));

    await within(dialog).findByRole('table', { name: 'Bulk report' });
    expect(reportRows('Bulk report')).toEqual([
      ['Hall', 'Done', 'blue → red'],
      ['Shed', 'Failed', 'The service is unavailable right now. Try again in a moment.'],
    ]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 done, 1 failed, 0 cancelled.');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['lamps'] });
    expect(service.get('Hall')).toBe('red');

    await user.click(within(dialog).getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() =>
      expect(reportRows('Bulk report')).toEqual([
        ['Hall', 'Done', 'blue → red'],
        ['Shed', 'Done', 'green → red'],
      ]),
    );
    expect(within(dialog).queryByRole('button', { name: /Retry failed/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));
    expect(downloadCsv).toHaveBeenCalledWith(
      [
        ['Item', 'Result', 'Message'],
        ['Hall', 'Done', 'blue → red'],
        ['Shed', 'Done', 'green → red'],
      ],
      expect.stringMatching(/^lamp-set-colour-report-\d{4}-\d{2}-\d{2}\.csv$/),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Undo all done (2)' }));
    await within(dialog).findByRole('table', { name: 'Undo report' });
    expect(reportRows('Undo report')).toEqual([
      ['Hall', 'Done', 'back to blue'],
      ['Shed', 'Done', 'back to green'],
    ]);
    expect([...service.values()]).toEqual(['blue', 'red', 'green']);
    expect(within(dialog).queryByRole('button', { name: /Undo all done/ })).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledTimes(3);

    expect(onFinished).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Bulk actions (3)' })).toHaveFocus();

    // The report stays in the menu for the session, even with nothing selected, until dismissed.
    rerender([]);
    await user.click(screen.getByRole('button', { name: 'Bulk actions (0)' }));
    expect(await screen.findByRole('menuitem', { name: 'Set colour' })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: /^Report: Set colour · 3 items/ }));
    const reopened = await screen.findByRole('dialog', { name: 'Set colour' });
    expect(reportRows('Undo report')).toEqual([
      ['Hall', 'Done', 'back to blue'],
      ['Shed', 'Done', 'back to green'],
    ]);
    await user.click(within(reopened).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Reopening and closing again does not clear a selection made since.
    expect(onFinished).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Bulk actions (0)' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Report: Set colour/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Set colour' })).getByRole('button', {
        name: 'Dismiss report',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Bulk actions (0)' })).toBeDisabled();
  });

  it('shows progress while sending; Cancel lets running items finish and sends no more', async () => {
    const user = userEvent.setup();
    const gates: (() => void)[] = [];
    const many = Array.from({ length: 6 }, (_, index) => ({
      name: `Lamp ${index + 1}`,
      colour: 'on',
    }));
    const switchOff: BulkAction<Lamp, null, string> = {
      id: 'lamp-switch-off',
      label: 'Switch off',
      danger: true,
      initialParams: null,
      preview: (rows) => rows.map((row) => ({ row, change: 'on → off', willSend: true })),
      run: (row) =>
        new Promise((resolve) =>
          gates.push(() => resolve({ summary: 'Switched off', undo: row.colour })),
        ),
      undo: async () => 'Switched on',
      affectedQueryKeys: [['lamps']],
    };
    const onFinished = vi.fn();
    renderMenu(
      (selected) => (
        <BulkActionsMenu
          actions={[switchOff as BulkAction<Lamp>]}
          selectedRows={selected}
          describeRow={(lamp) => lamp.name}
          onFinished={onFinished}
        />
      ),
      many,
    );

    await user.click(screen.getByRole('button', { name: 'Bulk actions (6)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off' });
    // No parameters: straight to the preview.
    await user.click(within(dialog).getByRole('button', { name: 'Send 6 changes' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Bulk progress' });
    await waitFor(() => expect(gates).toHaveLength(4));
    expect(progress).toHaveAttribute('aria-valuetext', '0 of 6 finished');
    gates[0]!();
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '1 of 6 finished'));
    // Lamp 1's place went to lamp 5.
    await waitFor(() => expect(gates).toHaveLength(5));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Nothing new starts after the cancel; the four on their way finish.
    for (const open of gates.slice(1)) open();

    await within(dialog).findByRole('table', { name: 'Bulk report' });
    expect(gates).toHaveLength(5);
    expect(reportRows('Bulk report').map(([item, result]) => `${item} ${result}`)).toEqual([
      'Lamp 1 Done',
      'Lamp 2 Done',
      'Lamp 3 Done',
      'Lamp 4 Done',
      'Lamp 5 Done',
      'Lamp 6 Cancelled',
    ]);
    expect(reportRows('Bulk report')[5]![2]).toBe('Not sent: the run was cancelled.');
    expect(within(dialog).getByRole('button', { name: 'Undo all done (5)' })).toBeEnabled();
  });

  it('offline, keeps its actions reachable but inert, saying why', async () => {
    const user = userEvent.setup();
    watchConnection({ demo: false });
    const service = new Map(lamps.map((lamp) => [lamp.name, lamp.colour]));
    renderMenu(
      (selected) => (
        <BulkActionsMenu
          actions={[setColourAction(service) as BulkAction<Lamp>]}
          selectedRows={selected}
          describeRow={(lamp) => lamp.name}
        />
      ),
      lamps,
    );
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: 'Bulk actions (3)' }));
      const item = await screen.findByRole('menuitem', { name: 'Set colour' });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveAccessibleDescription('You are offline: changes need the connection.');
      await user.click(item);
      expect(screen.queryByRole('dialog', { name: 'Set colour' })).not.toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });
});
