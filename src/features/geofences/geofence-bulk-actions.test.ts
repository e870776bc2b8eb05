import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  rowsToSend,
  runBulkAction,
  runBulkUndo,
  undoableItems,
  type BulkAction,
} from '@/api/bulk-action';
import { getGeofence, listGeofences, updateGeofence, type Geofence } from '@/api/geofences';
import { mockServer } from '@/mocks/node';
import { getDb } from '@/mocks/state';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient } from '@/test/test-client';
import { createGeofenceBulkActions } from './geofence-bulk-actions';
import { geofenceFormFromGeofence, geofenceRequest } from './geofence-form';
import { shapeFromGeography } from './geofence-shape';

const noWait = { sleep: async () => {}, heldUntil: () => null };

let actions: Record<string, BulkAction<Geofence>>;
let groupNames: Map<string, string>;

beforeEach(async () => {
  const token = await signInForTest();
  configureTestApiClient({ getAccessToken: () => token });
  groupNames = new Map(getDb().groups.map((group) => [group.id.toLowerCase(), group.name]));
  const created = createGeofenceBulkActions({
    groupLabel: (groupId) => groupNames.get(groupId.toLowerCase()) ?? groupId,
  });
  actions = Object.fromEntries(created.map((action) => [action.id, action]));
});

const nameOf = (groupId: string | null | undefined) => groupNames.get(groupId!.toLowerCase())!;

/** Two geofences in different groups, and a third group neither is in. */
async function twoGeofencesAndAnotherGroup() {
  const { items: geofences } = await listGeofences({ page: { pageIndex: 0, pageSize: 1000 } });
  const first = geofences[0]!;
  const second = geofences.find((geofence) => geofence.groupId !== first.groupId)!;
  const target = getDb().groups.find(
    (group) => group.id !== first.groupId && group.id !== second.groupId,
  )!;
  return { first, second, target };
}

/** What a PUT of the geofence as the service has it would send, to compare whole records by. */
const bodyOf = (geofence: Geofence) =>
  geofenceRequest(
    geofenceFormFromGeofence(geofence),
    shapeFromGeography(geofence.geofenceGeography)!,
    geofence,
  );

describe('geofence bulk actions against the demo service', () => {
  it('move to group: PUTs the whole geofence with the new group, and undo moves it back', async () => {
    const action = actions['geofence-move-to-group']!;
    const { first, second, target } = await twoGeofencesAndAnotherGroup();
    const alreadyThere = { ...second, groupId: target.id };
    const params = { groupId: target.id };

    expect(action.validate?.({ groupId: null })).toBe('Choose the group to move the geofences to.');
    const lines = action.preview([first, alreadyThere], params);
    expect(lines.map(({ change, willSend }) => [change, willSend])).toEqual([
      [`Group ${nameOf(first.groupId)} → ${target.name}`, true],
      [`Already in ${target.name}: nothing to send`, false],
    ]);

    const puts: Promise<unknown>[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'PUT') puts.push(request.clone().json());
    };
    mockServer.events.on('request:start', listener);
    const report = await runBulkAction(action, rowsToSend(lines), params, noWait);
    mockServer.events.removeListener('request:start', listener);

    expect(await Promise.all(puts)).toEqual([{ ...bodyOf(first), groupIdentifier: target.id }]);
    expect(report[0]).toMatchObject({
      status: 'done',
      value: { summary: `Group ${nameOf(first.groupId)} → ${target.name}` },
    });
    const moved = await getGeofence(first.geofenceId);
    expect(moved.groupId).toBe(target.id);
    expect(moved.geofenceGeography).toEqual(first.geofenceGeography);

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done', value: `Back in ${nameOf(first.groupId)}` });
    expect(await getGeofence(first.geofenceId)).toEqual(first);
  });

  it('move and delete send nothing when the service’s answer leaves out the colour and the assets', async () => {
    const { first, target } = await twoGeofencesAndAnotherGroup();
    const { color: _color, assets: _assets, ...partial } = first;
    // As a service does for fields the caller may not see: the keys are gone, not null.
    mockServer.use(
      http.get('*/v1/geofences', () =>
        HttpResponse.json({ data: [partial], metadata: { limit: 1, offset: 0, count: 1 } }),
      ),
    );
    const writes: Request[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method !== 'GET') writes.push(request);
    };
    mockServer.events.on('request:start', listener);
    const moved = await runBulkAction(
      actions['geofence-move-to-group']!,
      [first],
      { groupId: target.id },
      noWait,
    );
    const deleted = await runBulkAction(actions['geofence-delete']!, [first], null, noWait);
    mockServer.events.removeListener('request:start', listener);
    mockServer.resetHandlers();

    const refusal =
      "The service's answer left out Colour and Vehicles and equipment. Saving a geofence " +
      'replaces every field, so it would clear them: nothing was sent.';
    expect(moved[0]).toMatchObject({ status: 'failed', message: refusal });
    expect(deleted[0]).toMatchObject({ status: 'failed', message: refusal });
    expect(writes).toEqual([]);
    expect(await getGeofence(first.geofenceId)).toEqual(first);
  });

  it('undo of a move leaves a geofence alone when someone moved it again since', async () => {
    const action = actions['geofence-move-to-group']!;
    const { first, second, target } = await twoGeofencesAndAnotherGroup();
    const report = await runBulkAction(action, [first], { groupId: target.id }, noWait);
    const moved = await getGeofence(first.geofenceId);
    await updateGeofence(first.geofenceId, { ...bodyOf(moved), groupIdentifier: second.groupId });
    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({
      status: 'failed',
      message: `Group was changed to ${nameOf(second.groupId)} after the bulk change, so it was left as is.`,
    });
  });

  it('delete: deletes, and undo creates the geofence again from its saved body under a new ID', async () => {
    const action = actions['geofence-delete']!;
    const { first } = await twoGeofencesAndAnotherGroup();
    expect(action.danger).toBe(true);
    expect(action.note).toContain('new ID');
    expect(action.preview([first], null)[0]!.change).toBe(
      'Delete (undo creates it again with a new ID)',
    );

    const report = await runBulkAction(action, [first], null, noWait);
    expect(report[0]).toMatchObject({ status: 'done', value: { summary: 'Deleted' } });
    await expect(getGeofence(first.geofenceId)).rejects.toMatchObject({ status: 404 });

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done' });
    const message = undone[0]!.status === 'done' ? undone[0]!.value : '';
    const newId = /new ID: (\S+)$/.exec(message)![1]!;
    expect(newId).not.toBe(first.geofenceId);
    const recreated = await getGeofence(newId);
    expect({ ...recreated, geofenceId: first.geofenceId, createdDate: null }).toEqual({
      ...first,
      createdDate: null,
    });
  });

  it('reports a geofence already deleted elsewhere as failed, in the service words', async () => {
    const action = actions['geofence-delete']!;
    const { first } = await twoGeofencesAndAnotherGroup();
    await runBulkAction(action, [first], null, noWait);
    const again = await runBulkAction(action, [first], null, noWait);
    expect(again[0]).toMatchObject({
      status: 'failed',
      message: 'No information found',
    });
  });

  it('skips a geofence outside the user’s groups in both previews, saying why', async () => {
    const { first, second, target } = await twoGeofencesAndAnotherGroup();
    const scoped = createGeofenceBulkActions({
      groupLabel: (groupId) => groupNames.get(groupId.toLowerCase()) ?? groupId,
      canWrite: (geofence) => geofence.geofenceId !== first.geofenceId,
    });
    for (const action of scoped) {
      const lines = action.preview([first, second], { groupId: target.id });
      expect(lines[0]).toEqual({
        row: first,
        change: 'Outside your groups: you cannot change it, nothing to send',
        willSend: false,
      });
      expect(rowsToSend(lines)).toEqual([second]);
    }
  });
});
