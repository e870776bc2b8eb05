import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateBulkActionQueries,
  retryBulkUndo,
  rowsToSend,
  runBulkAction,
  runBulkUndo,
  undoableItems,
  type BulkAction,
} from './bulk-action';
import { loadAllMatching } from './load-all-matching';
import { toPage } from './paging';

interface Lamp {
  name: string;
  colour: string;
}

/** A fake service of lamps: the action sets a colour and undo sets the old one back. */
function lampAction(service: Map<string, string>, failing: Set<string>) {
  const action: BulkAction<Lamp, { colour: string }, { colour: string }> = {
    id: 'set-colour',
    label: 'Set colour',
    initialParams: { colour: 'red' },
    preview: (rows, { colour }) =>
      rows.map((row) => ({
        row,
        change: row.colour === colour ? `already ${colour}` : `${row.colour} → ${colour}`,
        willSend: row.colour !== colour,
      })),
    run: async (row, { colour }) => {
      const before = service.get(row.name)!;
      if (before === colour) return { summary: 'nothing to do', undo: null };
      service.set(row.name, colour);
      return { summary: `${before} → ${colour}`, undo: { colour: before } };
    },
    undo: async (row, { colour }) => {
      if (failing.has(row.name)) throw new Error('The service had a problem.');
      service.set(row.name, colour);
      return `back to ${colour}`;
    },
    affectedQueryKeys: [
      ['lamps', 'list'],
      ['lamps', 'detail'],
    ],
  };
  return action;
}

const noWait = { sleep: async () => {}, heldUntil: () => null };

describe('bulk actions', () => {
  it('sends only the rows the preview marks, then undoes the done ones and retries a failed undo', async () => {
    const service = new Map([
      ['hall', 'blue'],
      ['porch', 'red'],
      ['shed', 'green'],
    ]);
    const failing = new Set(['shed']);
    const action = lampAction(service, failing);
    const rows = [...service].map(([name, colour]) => ({ name, colour }));

    const lines = action.preview(rows, { colour: 'red' });
    expect(lines.map((line) => line.change)).toEqual(['blue → red', 'already red', 'green → red']);
    const report = await runBulkAction(action, rowsToSend(lines), { colour: 'red' }, noWait);
    expect(report.map((result) => result.item.name)).toEqual(['hall', 'shed']);
    expect([...service.values()]).toEqual(['red', 'red', 'red']);

    const toUndo = undoableItems(report);
    expect(toUndo).toEqual([
      { row: rows[0], undo: { colour: 'blue' } },
      { row: rows[2], undo: { colour: 'green' } },
    ]);
    const undone = await runBulkUndo(action, toUndo, noWait);
    expect(undone.map((result) => result.status)).toEqual(['done', 'failed']);
    expect(service.get('hall')).toBe('blue');

    failing.clear();
    const retried = await retryBulkUndo(action, undone, noWait);
    expect(retried[0]).toBe(undone[0]);
    expect(retried[1]).toMatchObject({ status: 'done', value: 'back to green' });
    expect(service.get('shed')).toBe('green');
  });

  it('leaves rows that changed nothing out of the undo', async () => {
    const service = new Map([['hall', 'red']]);
    const action = lampAction(service, new Set());
    const report = await runBulkAction(
      action,
      [{ name: 'hall', colour: 'blue' }],
      { colour: 'red' },
      noWait,
    );
    expect(report[0]).toMatchObject({ status: 'done', value: { undo: null } });
    expect(undoableItems(report)).toEqual([]);
  });

  it('invalidates each query the action names', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['lamps', 'list', { page: 1 }], []);
    queryClient.setQueryData(['lamps', 'detail', 'hall'], {});
    queryClient.setQueryData(['other'], {});
    await invalidateBulkActionQueries(queryClient, lampAction(new Map(), new Set()));
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(['lamps', 'list', { page: 1 }])).toBe(true);
    expect(invalidated(['lamps', 'detail', 'hall'])).toBe(true);
    expect(invalidated(['other'])).toBe(false);
  });
});

describe('loadAllMatching', () => {
  const rows = Array.from({ length: 23 }, (_, index) => index);
  const fetchPage = async ({ pageIndex, pageSize }: { pageIndex: number; pageSize: number }) =>
    toPage(rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), rows.length, {
      pageIndex,
      pageSize,
    });

  it('reads every page of the filtered list', async () => {
    expect(await loadAllMatching(fetchPage, { pageSize: 10 })).toEqual({
      items: rows,
      complete: true,
    });
  });

  it('stops at the row cap and says the selection is not complete', async () => {
    expect(await loadAllMatching(fetchPage, { pageSize: 10, maxRows: 15 })).toEqual({
      items: rows.slice(0, 15),
      complete: false,
    });
  });
});
