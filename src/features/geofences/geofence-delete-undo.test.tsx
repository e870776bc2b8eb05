// @vitest-environment jsdom
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteGeofence, getGeofence, listGeofences, type Geofence } from '@/api/geofences';
import { useUndoableDelete } from '@/components/edit/use-undoable-delete';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient } from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import {
  deleteUndoOf,
  recreateDeletedGeofence,
  type GeofenceDeleteUndo,
} from './geofence-bulk-actions';

/** The geofence editor's Delete, on the undoable delete of the edit controller. */
function DeleteButton({ geofence }: { geofence: Geofence }) {
  const { deleteWithUndo } = useUndoableDelete<GeofenceDeleteUndo>({
    subject: 'geofence',
    snapshot: async () => deleteUndoOf(await getGeofence(geofence.geofenceId)),
    remove: () => deleteGeofence(geofence.geofenceId),
    restore: async (saved) => {
      await recreateDeletedGeofence(saved);
      return { sameId: false };
    },
  });
  return (
    <button
      type="button"
      onClick={() => void deleteWithUndo(geofence.name ?? '', geofence.geofenceId)}
    >
      Delete
    </button>
  );
}

const geofenceNames = async () =>
  (await listGeofences({ page: { pageIndex: 0, pageSize: 500 } })).items.map(
    (geofence) => geofence.name,
  );

beforeEach(async () => {
  const token = await signInForTest('maria.lopez');
  configureTestApiClient({ getAccessToken: () => token });
});

describe('a delete with Undo, against the demo service', () => {
  it('deletes, and Undo creates the geofence again under a new ID, saying so', async () => {
    const [geofence] = (await listGeofences({ page: { pageIndex: 0, pageSize: 1 } })).items;
    if (!geofence?.name) throw new Error('The demo has no named geofence.');
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Notifications />
        <DeleteButton geofence={geofence} />
      </TestProviders>,
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/was deleted\.$/)).toHaveTextContent(
      `“${geofence.name}” was deleted.`,
    );
    expect(await geofenceNames()).not.toContain(geofence.name);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/was created again, with a new ID\.$/)).toHaveTextContent(
      `“${geofence.name}” was created again, with a new ID.`,
    );
    await waitFor(async () => expect(await geofenceNames()).toContain(geofence.name));
    const restored = (await listGeofences({ page: { pageIndex: 0, pageSize: 500 } })).items.find(
      (candidate) => candidate.name === geofence.name,
    );
    expect(restored?.geofenceId).not.toBe(geofence.geofenceId);
  });
});
