// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import { GeofenceEditor, type GeofenceEditorProps } from './geofence-editor';
import type { ShapeDraft } from './geofence-shape';

const geofencesUrl = `${TEST_SERVICE_BASE_URL}/v1/geofences`;
const square: ShapeDraft = {
  kind: 'polygon',
  points: [
    { latitude: 45.52, longitude: -122.68 },
    { latitude: 45.52, longitude: -122.67 },
    { latitude: 45.53, longitude: -122.67 },
    { latitude: 45.53, longitude: -122.68 },
  ],
};

function renderNewGeofenceEditor(shape: ShapeDraft, onSaved = vi.fn()) {
  const props: GeofenceEditorProps = {
    geofence: null,
    shape,
    shapeChanged: true,
    shapeEditing: true,
    onEditShape: vi.fn(),
    onDiscard: vi.fn(),
    onSaved,
    onDeleted: vi.fn(),
    onDirtyChange: vi.fn(),
  };
  // The editor guards navigation, so it needs a router around it.
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <GeofenceEditor {...props} /> }),
    history: createMemoryHistory({ initialEntries: ['/geofences'] }),
  });
  render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TestProviders>,
  );
  return { onSaved };
}

beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  configureTestApiClient();
  serveForTest('get', `${TEST_SERVICE_BASE_URL}/v1/groups`, () =>
    HttpResponse.json({ groups: [], metadata: { count: 0, limit: 10000, offset: 0 } }),
  );
});

describe('GeofenceEditor', () => {
  it('explains an outline the service would refuse and sends nothing', async () => {
    const posts = serveForTest('post', geofencesUrl, () => HttpResponse.json({}));
    renderNewGeofenceEditor({ kind: 'polygon', points: square.points.slice(0, 2) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Name/), 'Two corners');
    await user.click(screen.getByRole('button', { name: 'Save geofence' }));
    expect(
      await screen.findByText('A polygon needs at least 3 corners; this one has 2.'),
    ).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  it('asks for a name before sending', async () => {
    const posts = serveForTest('post', geofencesUrl, () => HttpResponse.json({}));
    renderNewGeofenceEditor(square);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save geofence' }));
    expect(await screen.findByText('Enter a name for the geofence.')).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  it('shows the service’s 400 beside the form and keeps what was typed', async () => {
    serveForTest('post', geofencesUrl, () =>
      HttpResponse.json({ error: 'Bad Request', message: 'Invalid ShapeType' }, { status: 400 }),
    );
    const { onSaved } = renderNewGeofenceEditor(square);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Name/);
    await user.type(name, 'North yard');
    await user.click(screen.getByRole('button', { name: 'Save geofence' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The geofence was not created');
    expect(alert).toHaveTextContent('Invalid ShapeType');
    expect(name).toHaveValue('North yard');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the contract body: geography, colorHex, inclusive, visible', async () => {
    const posts = serveForTest('post', geofencesUrl, () =>
      HttpResponse.json({ geofenceId: '8A1B2C3D-0000-4000-8000-000000000009', name: 'North yard' }),
    );
    const { onSaved } = renderNewGeofenceEditor(square);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Name/), '  North yard ');
    await user.click(screen.getByLabelText('Outside the area'));
    await user.click(screen.getByRole('button', { name: 'Save geofence' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await posts[0]!.json()).toEqual({
      name: 'North yard',
      isInside: false,
      geofenceGeography: { shapeType: 1, radius: 0, points: square.points },
      includeSubGroups: true,
      isActive: true,
      assets: [],
      colorHex: '#1C7ED6',
      inclusive: true,
      visible: true,
    });
  });
});
