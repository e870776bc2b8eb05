import { describe, expect, it } from 'vitest';
import { GEOJSON_IMPORT_MAX_BYTES } from './geofence-geojson';
import type { PackedCandidate, SimplifiedImport } from './geofence-import-session';
import {
  importPanelReducer,
  INITIAL_IMPORT_STATE,
  type ImportPanelAction,
  type ImportPanelState,
  type ReadFile,
} from './geofence-import-state';

const candidate = (key: string): PackedCandidate => ({
  key,
  featureNumber: 1,
  name: `Geofence ${key}`,
  defaultName: false,
  color: null,
  isInside: null,
  groupId: null,
  groupName: null,
  shape: { kind: 'circle', center: { latitude: 1, longitude: 2 }, radius: 50 },
  cornerCount: 0,
});

const readFile: ReadFile = {
  ok: true,
  format: 'geojson',
  featureCount: 2,
  candidates: [candidate('a'), candidate('b')],
  oversized: [],
  problems: [],
  suggestedToleranceMetres: 25,
};

const simplifiedImport: SimplifiedImport = {
  toleranceMetres: 25,
  candidates: [candidate('c')],
  oversized: [],
  problems: [],
};

const file = new File(['{}'], 'depots.geojson');

const run = (state: ImportPanelState, ...actions: ImportPanelAction[]) =>
  actions.reduce(importPanelReducer, state);

const checkedState = run(
  INITIAL_IMPORT_STATE,
  { type: 'file-chosen', file },
  { type: 'file-read', result: readFile },
);

describe('the geofence import panel', () => {
  it('reads a chosen file, then offers what it holds with the tolerance it suggests', () => {
    const reading = run(INITIAL_IMPORT_STATE, { type: 'file-chosen', file });
    expect(reading.stage).toEqual({ kind: 'reading' });
    expect(reading.file).toBe(file);
    expect(checkedState.stage).toEqual({
      kind: 'checked',
      checked: { read: readFile, simplified: null, error: null },
      simplifying: false,
    });
    expect(checkedState.tolerance).toBe(25);
  });

  it('refuses a file over the size limit without reading it', () => {
    const large = new File([new Uint8Array(GEOJSON_IMPORT_MAX_BYTES + 1)], 'big.geojson');
    const state = run(INITIAL_IMPORT_STATE, { type: 'file-chosen', file: large });
    expect(state.stage).toMatchObject({ kind: 'refused', message: expect.stringMatching(/MB/) });
    expect(state.file).toBe(large);
  });

  it('says why a file could not be read, and forgets the file when reading is cancelled', () => {
    const reading = run(INITIAL_IMPORT_STATE, { type: 'file-chosen', file });
    expect(
      run(reading, { type: 'file-read', result: { ok: false, message: 'Not GeoJSON.' } }).stage,
    ).toEqual({ kind: 'refused', message: 'Not GeoJSON.' });
    expect(run(reading, { type: 'worker-failed', message: 'No worker.' }).stage).toEqual({
      kind: 'refused',
      message: 'No worker.',
    });
    const cancelled = run(reading, { type: 'reading-cancelled' });
    expect(cancelled.stage).toEqual({ kind: 'no-file' });
    expect(cancelled.file).toBeNull();
  });

  it('simplifies only at a tolerance above zero, and keeps the file when simplifying fails', () => {
    const empty = run(checkedState, { type: 'tolerance-changed', tolerance: '' });
    expect(run(empty, { type: 'simplify-started' }).stage).toMatchObject({ simplifying: false });
    const simplifying = run(checkedState, { type: 'simplify-started' });
    expect(simplifying.stage).toMatchObject({ kind: 'checked', simplifying: true });
    expect(run(simplifying, { type: 'simplified', result: simplifiedImport }).stage).toEqual({
      kind: 'checked',
      checked: { read: readFile, simplified: simplifiedImport, error: null },
      simplifying: false,
    });
    expect(run(simplifying, { type: 'worker-failed', message: 'Broken.' }).stage).toEqual({
      kind: 'checked',
      checked: { read: readFile, simplified: null, error: 'Broken.' },
      simplifying: false,
    });
  });

  it('counts the import, then keeps only the geofences that failed, and retries just those', () => {
    const importing = run(
      checkedState,
      { type: 'import-started' },
      { type: 'import-progressed', done: 1 },
    );
    expect(importing.stage).toMatchObject({ kind: 'importing', remaining: null, done: 1 });
    const failures = [{ name: 'Geofence b', message: 'Refused by the service.' }];
    const partly = run(importing, {
      type: 'import-partly-failed',
      remaining: [candidate('b')],
      failures,
    });
    expect(partly.stage).toMatchObject({ kind: 'partly-imported', failures });
    const retry = run(partly, { type: 'import-started' });
    expect(retry.stage).toMatchObject({
      kind: 'importing',
      remaining: [{ key: 'b' }],
      done: 0,
    });
  });

  it('keeps the group chosen for the file when another file is chosen', () => {
    const state = run(
      checkedState,
      { type: 'group-chosen', groupId: 'depot' },
      { type: 'file-chosen', file },
    );
    expect(state.groupId).toBe('depot');
    expect(state.stage).toEqual({ kind: 'reading' });
  });

  it('goes back to the file when an import stops before it ends', () => {
    const stopped = run(checkedState, { type: 'import-started' }, { type: 'import-stopped' });
    expect(stopped.stage).toEqual(checkedState.stage);
  });
});
