import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  rowsToSend,
  runBulkAction,
  runBulkUndo,
  undoableItems,
  type BulkAction,
} from '@/api/bulk-action';
import {
  createVehicle,
  getVehicle,
  listVehicles,
  listVehicleStatuses,
  listVehicleTypes,
  updateVehicle,
  type Vehicle,
} from '@/api/vehicles';
import { mockServer } from '@/mocks/node';
import { getDb } from '@/mocks/state';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { createVehicleBulkActions } from './vehicle-bulk-actions';

const vehiclesUrl = `${TEST_SERVICE_BASE_URL}/v0/vehicles`;
const IN_SERVICE = '2';
const OUT_OF_SERVICE = '1';
const IN_MAINTENANCE = '3';
const noWait = { sleep: async () => {}, heldUntil: () => null };

let actions: Record<string, BulkAction<Vehicle>>;

beforeEach(async () => {
  const token = await signInForTest();
  configureTestApiClient({ getAccessToken: () => token });
  const toOptions = (list: { id: number; description?: string | null }[]) =>
    list.map((entry) => ({ value: String(entry.id), label: entry.description ?? '' }));
  const groupNames = new Map(getDb().groups.map((group) => [group.id.toLowerCase(), group.name]));
  const created = createVehicleBulkActions({
    statusOptions: toOptions(await listVehicleStatuses()),
    typeOptions: toOptions(await listVehicleTypes()),
    groupLabel: (groupId) => groupNames.get(groupId.toLowerCase()) ?? groupId,
  });
  actions = Object.fromEntries(created.map((action) => [action.id, action]));
});

async function vehiclesInService(count: number): Promise<Vehicle[]> {
  const page = await listVehicles({ page: { pageIndex: 0, pageSize: 200 } });
  return page.items.filter((vehicle) => String(vehicle.status) === IN_SERVICE).slice(0, count);
}

/** The bodies of the PATCH requests the fake service receives while `work` runs. */
async function patchBodiesDuring(work: () => Promise<unknown>): Promise<unknown[]> {
  const bodies: Promise<unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'PATCH') bodies.push(request.clone().json());
  };
  mockServer.events.on('request:start', listener);
  try {
    await work();
  } finally {
    mockServer.events.removeListener('request:start', listener);
  }
  return Promise.all(bodies);
}

describe('vehicle bulk actions against the demo service', () => {
  it('sends nothing for a vehicle outside the user’s groups, and says why', async () => {
    const [outside, inside] = await vehiclesInService(2);
    const [scoped] = createVehicleBulkActions({
      statusOptions: [
        { value: IN_SERVICE, label: 'In service' },
        { value: OUT_OF_SERVICE, label: 'Out of service' },
      ],
      typeOptions: [],
      groupLabel: (groupId) => groupId,
      canWrite: (vehicle) => vehicle.id !== outside!.id,
    });
    const lines = scoped!.preview([outside!, inside!], { value: OUT_OF_SERVICE });
    expect(lines.map(({ change, willSend }) => [change, willSend])).toEqual([
      ['Outside your groups: you cannot change it, nothing to send', false],
      ['Status In service → Out of service', true],
    ]);
  });

  it('set status: previews each row, PATCHes the status alone, and undo sends the old one back', async () => {
    const action = actions['vehicle-set-status']!;
    const [first, second] = await vehiclesInService(2);
    const alreadyOut = { ...second!, status: Number(OUT_OF_SERVICE) };
    const params = { value: OUT_OF_SERVICE };
    // The list leaves out hibernationDelay; the detail read is the whole record.
    const before = await getVehicle(first!.id);

    expect(action.validate?.({ value: null })).toBe('Choose the new status.');
    const lines = action.preview([first!, alreadyOut], params);
    expect(lines.map(({ change, willSend }) => [change, willSend])).toEqual([
      ['Status In service → Out of service', true],
      ['Already Out of service: nothing to send', false],
    ]);

    let report: Awaited<ReturnType<typeof runBulkAction<Vehicle, unknown, unknown>>> = [];
    const bodies = await patchBodiesDuring(async () => {
      report = await runBulkAction(action, rowsToSend(lines), params, noWait);
    });
    expect(bodies).toEqual([{ status: 1 }]);
    expect(report[0]).toMatchObject({
      status: 'done',
      value: { summary: 'Status In service → Out of service' },
    });
    expect(await getVehicle(first!.id)).toEqual({ ...before, status: 1 });

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done', value: 'Status back to In service' });
    expect(await getVehicle(first!.id)).toEqual(before);
  });

  it('says when the service held another value than the list, and undoes to what the service held', async () => {
    const action = actions['vehicle-set-status']!;
    const [listed] = await vehiclesInService(1);
    await updateVehicle(listed!.id, { status: Number(IN_MAINTENANCE) });
    const report = await runBulkAction(action, [listed!], { value: OUT_OF_SERVICE }, noWait);
    expect(report[0]).toMatchObject({
      status: 'done',
      value: {
        summary:
          'Status In maintenance → Out of service (the list showed In service; it had changed since)',
        undo: { previous: IN_MAINTENANCE, sent: OUT_OF_SERVICE },
      },
    });
    await runBulkUndo(action, undoableItems(report), noWait);
    expect((await getVehicle(listed!.id)).status).toBe(Number(IN_MAINTENANCE));
  });

  it('undo leaves a vehicle alone when someone changed the field again after the bulk change', async () => {
    const action = actions['vehicle-set-status']!;
    const [listed] = await vehiclesInService(1);
    const report = await runBulkAction(action, [listed!], { value: OUT_OF_SERVICE }, noWait);
    await updateVehicle(listed!.id, { status: Number(IN_MAINTENANCE) });
    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({
      status: 'failed',
      message: 'Status was changed to In maintenance after the bulk change, so it was left as is.',
    });
    expect((await getVehicle(listed!.id)).status).toBe(Number(IN_MAINTENANCE));
  });

  it('set type: PATCHes the type alone and undo restores it', async () => {
    const action = actions['vehicle-set-type']!;
    const [listed] = await vehiclesInService(1);
    const target = listed!.type === 5 ? '4' : '5';
    const before = await getVehicle(listed!.id);
    const bodies = await patchBodiesDuring(async () => {
      const report = await runBulkAction(action, [listed!], { value: target }, noWait);
      expect(report[0]!.status).toBe('done');
      await runBulkUndo(action, undoableItems(report), noWait);
    });
    expect(bodies).toEqual([{ type: Number(target) }, { type: listed!.type }]);
    expect(await getVehicle(listed!.id)).toEqual(before);
  });

  it('move to group: moves, reports a name taken in the new group in the service words, and moves back', async () => {
    const action = actions['vehicle-move-to-group']!;
    const [movable, clashing] = await vehiclesInService(2);
    const target = getDb().groups.find(
      (group) =>
        group.id !== movable!.groupId &&
        group.id !== clashing!.groupId &&
        group.id !== group.parentId,
    )!;
    await createVehicle({ name: clashing!.name, groupId: target.id });
    const params = { value: target.id };
    expect(action.preview([movable!], params)[0]!.change).toMatch(/^Group .+ → .+$/);

    const report = await runBulkAction(action, [movable!, clashing!], params, noWait);
    expect(report[0]).toMatchObject({ status: 'done' });
    expect(report[1]).toMatchObject({
      status: 'failed',
      message: `A vehicle named ${clashing!.name} already exists in this group.`,
    });
    expect((await getVehicle(movable!.id)).groupId).toBe(target.id);

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone).toHaveLength(1);
    expect((await getVehicle(movable!.id)).groupId).toBe(movable!.groupId);
  });

  it('sends a rate-limited change again once the Retry-After has passed', async () => {
    const action = actions['vehicle-set-status']!;
    const [listed] = await vehiclesInService(1);
    mockServer.use(
      http.patch(
        `${vehiclesUrl}/:id`,
        () =>
          HttpResponse.json(
            { error: 'Too Many Requests', message: 'Slow down.' },
            { status: 429, headers: { 'Retry-After': '2' } },
          ),
        { once: true },
      ),
    );
    const waits: number[] = [];
    const report = await runBulkAction(
      action,
      [listed!],
      { value: OUT_OF_SERVICE },
      {
        heldUntil: () => null,
        now: () => 0,
        sleep: async (ms) => void waits.push(ms),
      },
    );
    expect(waits).toEqual([2000]);
    expect(report[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect((await getVehicle(listed!.id)).status).toBe(Number(OUT_OF_SERVICE));
  });

  it('reports a vehicle deleted meanwhile as failed, with the service message', async () => {
    const action = actions['vehicle-set-status']!;
    const ghost: Vehicle = {
      ...(await vehiclesInService(1))[0]!,
      id: '00000000-0000-4000-8000-000000000000',
    };
    const report = await runBulkAction(action, [ghost], { value: OUT_OF_SERVICE }, noWait);
    expect(report[0]).toMatchObject({
      status: 'failed',
      message: `Vehicle ${ghost.id} does not exist.`,
    });
  });
});
