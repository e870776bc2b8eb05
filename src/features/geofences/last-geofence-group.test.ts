// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastGeofenceGroupId, rememberGeofenceGroupId } from './last-geofence-group';

const DEPOT = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';

describe('the group of the last saved geofence', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is the top group until a geofence is saved', () => {
    expect(lastGeofenceGroupId()).toBeNull();
  });

  it('is the group last saved to, the top group included', () => {
    rememberGeofenceGroupId(DEPOT);
    expect(lastGeofenceGroupId()).toBe(DEPOT);
    rememberGeofenceGroupId(null);
    expect(lastGeofenceGroupId()).toBeNull();
  });

  it('ignores a stored value that is not a group ID', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('fleet-console.geofences.last-group', JSON.stringify('<script>'));
    expect(lastGeofenceGroupId()).toBeNull();
  });
});
