import { describe, expect, it } from 'vitest';
import type { Geofence } from '@/api/geofences';
import type { ShapeDraft } from './geofence-shape';
import {
  editingSessionReducer,
  initialEditingSession,
  type EditingSessionAction,
  type EditingSessionState,
} from './use-geofence-editing-session';

const circle = { kind: 'circle', center: { latitude: 1, longitude: 2 }, radius: 100 } as const;
const moved: ShapeDraft = { kind: 'circle', center: { latitude: 1, longitude: 3 }, radius: 100 };
const ID = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER_ID = '6f1c2d3e-0000-4000-8000-000000000002';
const geofence: Geofence = {
  geofenceId: ID,
  name: 'Depot',
  geofenceGeography: { shapeType: 7, points: [], radius: 0 },
};

const run = (state: EditingSessionState, ...actions: EditingSessionAction[]) =>
  actions.reduce(editingSessionReducer, state);

describe('the geofence editing session', () => {
  it('gives each new outline its own key and keeps a drawing while nothing is selected', () => {
    const first = run(initialEditingSession(null), { type: 'draw-started', shape: circle });
    const second = run(first, { type: 'outline-ended' }, { type: 'draw-started', shape: moved });
    expect(first.work).toMatchObject({ kind: 'outline', outline: { target: 'new', key: 1 } });
    expect(second.work).toMatchObject({ kind: 'outline', outline: { key: 2, shape: moved } });
    expect(run(second, { type: 'selection-changed', selectedId: null }).work.kind).toBe('outline');
  });

  it('keeps an outline drawn in place of one that cannot be drawn with its selected geofence', () => {
    const selected = initialEditingSession(ID);
    const redrawn = run(selected, { type: 'redrawn', geofenceId: ID, shape: circle });
    expect(redrawn.work).toMatchObject({
      kind: 'outline',
      outline: { target: 'saved', geofenceId: ID, saved: null, shape: circle, key: 1 },
    });
    expect(run(redrawn, { type: 'outline-changed', shape: moved }).work).toMatchObject({
      outline: { saved: null, shape: moved },
    });
    expect(run(redrawn, { type: 'selection-changed', selectedId: OTHER_ID }).work.kind).toBe(
      'none',
    );
  });

  it('throws a new drawing away when a geofence is selected', () => {
    const drawing = run(initialEditingSession(null), { type: 'draw-started', shape: circle });
    const after = run(drawing, { type: 'selection-changed', selectedId: ID });
    expect(after.work).toEqual({ kind: 'none' });
    expect(after.selectedId).toBe(ID);
  });

  it('keeps a saved outline being changed while its geofence stays selected (any letter case)', () => {
    const reshaping = run(initialEditingSession(ID), {
      type: 'reshape-started',
      geofenceId: ID,
      saved: circle,
    });
    const changed = run(reshaping, { type: 'outline-changed', shape: moved });
    expect(changed.work).toMatchObject({
      kind: 'outline',
      outline: { target: 'saved', shape: moved, saved: circle },
    });
    const sameGeofence = run(changed, { type: 'selection-changed', selectedId: ID.toUpperCase() });
    expect(sameGeofence.work.kind).toBe('outline');
    const another = run(changed, { type: 'selection-changed', selectedId: OTHER_ID });
    expect(another.work).toEqual({ kind: 'none' });
  });

  it('closes the import, and drops its preview, when a geofence is selected', () => {
    const importing = run(
      initialEditingSession(null),
      { type: 'import-opened' },
      { type: 'import-previewed', preview: [{ key: 'a', color: '#123456', shape: circle }] },
    );
    expect(importing.work).toMatchObject({ kind: 'import', preview: [{ key: 'a' }] });
    expect(run(importing, { type: 'selection-changed', selectedId: null }).work.kind).toBe(
      'import',
    );
    expect(run(importing, { type: 'selection-changed', selectedId: ID }).work).toEqual({
      kind: 'none',
    });
  });

  it('ignores a preview that arrives after the import closed', () => {
    const closed = run(
      initialEditingSession(null),
      { type: 'import-opened' },
      { type: 'import-closed' },
      { type: 'import-previewed', preview: [] },
    );
    expect(closed.work).toEqual({ kind: 'none' });
  });

  it('remembers the geofence saved and the one being deleted only while it stays selected', () => {
    const saved = run(
      initialEditingSession(null),
      { type: 'draw-started', shape: circle },
      { type: 'saved', geofenceId: ID },
      { type: 'selection-changed', selectedId: ID },
    );
    expect(saved.work).toEqual({ kind: 'none' });
    expect(saved.lastSavedId).toBe(ID);
    const deleting = run(saved, { type: 'deletion-started', geofence });
    expect(deleting.deletingGeofence).toBe(geofence);
    const left = run(deleting, { type: 'selection-changed', selectedId: null });
    expect(left.lastSavedId).toBeNull();
    expect(left.deletingGeofence).toBeNull();
  });
});
