// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRowSelection } from '@/components/list/use-row-selection';
import { TestProviders } from '@/test/test-providers';
import { GeofenceList } from './geofence-list';
import { toMapGeofence, type MapGeofence } from './map-geofence';

const geofences: MapGeofence[] = ['North Lot', 'South Lot', 'Gate', 'Dock', 'Yard'].map(
  (name, index) => ({
    id: `gf-${index}`,
    name,
    shape: { kind: 'circle', center: { latitude: 45, longitude: -122 }, radius: 100 },
    problem: null,
    color: '#1C7ED6',
    isInside: true,
    groupName: 'Portland Depot',
    revision: name,
    searchText: name.toLowerCase(),
  }),
);
const byId = new Map(geofences.map((geofence) => [geofence.id, geofence]));
const idOf = (geofence: MapGeofence) => geofence.id;

/** The list in select mode, holding its choice as the page does. */
function SelectingList({ onSelect }: { onSelect: (id: string) => void }) {
  const selection = useRowSelection({ keyOf: idOf });
  return (
    <GeofenceList
      geofences={geofences}
      selectedId="gf-4"
      onSelect={onSelect}
      bulkSelection={{
        ids: selection.keys,
        onToggle: (id) => {
          const row = byId.get(id);
          if (row) selection.toggle(row);
        },
        onExtend: (id) => {
          const row = byId.get(id);
          if (row) selection.extendTo(row, geofences);
        },
        onSelectAll: () => selection.selectAll(geofences),
      }}
    />
  );
}

function renderSelectingList() {
  const onSelect = vi.fn();
  render(
    <TestProviders>
      <SelectingList onSelect={onSelect} />
    </TestProviders>,
  );
  return { onSelect, user: userEvent.setup() };
}

const chosenNames = () =>
  screen
    .getAllByRole('option', { selected: true })
    .map((option) => option.querySelector('p')?.textContent);

beforeEach(() => {
  // jsdom lays nothing out; give the virtualised list a viewport so it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
});

describe('the geofence list in select mode', () => {
  it('chooses rows with a click and a range with Shift+click, opening none on the map', async () => {
    const { onSelect, user } = renderSelectingList();
    const listbox = screen.getByRole('listbox', { name: 'Geofences' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    // The geofence open on the map stays marked as the current one.
    expect(screen.getByRole('option', { name: /Yard/ })).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('option', { name: /South Lot/ }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('option', { name: /Dock/ }));
    await user.keyboard('{/Shift}');
    expect(chosenNames()).toEqual(['South Lot', 'Gate', 'Dock']);

    await user.click(screen.getByRole('option', { name: /Gate/ }));
    expect(chosenNames()).toEqual(['South Lot', 'Dock']);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('chooses with Space, a range with Shift+Space, all with Ctrl+A; Enter opens the row', async () => {
    const { onSelect, user } = renderSelectingList();
    screen.getByRole('listbox', { name: 'Geofences' }).focus();
    // The geofence open on the map is the active row.
    await user.keyboard(' ');
    expect(chosenNames()).toEqual(['Yard']);
    await user.keyboard('{ArrowUp}{ArrowUp}{Shift>} {/Shift}');
    expect(chosenNames()).toEqual(['Gate', 'Dock', 'Yard']);
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(chosenNames()).toEqual(['South Lot', 'Gate', 'Dock', 'Yard']);

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('gf-1');

    await user.keyboard('{Control>}a{/Control}');
    expect(chosenNames()).toHaveLength(5);
  });

  it('selects one row for the map outside select mode', async () => {
    const onSelect = vi.fn();
    render(
      <TestProviders>
        <GeofenceList geofences={geofences} selectedId="gf-1" onSelect={onSelect} />
      </TestProviders>,
    );
    expect(screen.getByRole('listbox')).not.toHaveAttribute('aria-multiselectable');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('South Lot');
    await userEvent.setup().click(screen.getByRole('option', { name: /Dock/ }));
    expect(onSelect).toHaveBeenCalledWith('gf-3');
  });
});

describe('a geofence whose outline cannot be drawn', () => {
  it('is listed with the reason, not drawn, and opens like any other', async () => {
    // The vendor's OpenAPI example: a corner at .NET's smallest double.
    const vendorExample = toMapGeofence({
      geofenceId: 'gf-vendor',
      name: 'San Diego',
      groupName: 'Company',
      geofenceGeography: {
        shapeType: 1,
        radius: 0,
        points: [
          { latitude: 32.7, longitude: -117.1 },
          { latitude: 32.8, longitude: -117.2 },
          { latitude: -1.7976931348623157e308, longitude: -1.7976931348623157e308 },
        ],
      },
    });
    expect(vendorExample.shape).toBeNull();
    expect(vendorExample.problem).toBe('its outline is outside the map');
    const onSelect = vi.fn();
    render(
      <TestProviders>
        <GeofenceList geofences={[vendorExample]} selectedId={null} onSelect={onSelect} />
      </TestProviders>,
    );
    const option = screen.getByRole('option', { name: /San Diego/ });
    expect(option).toHaveTextContent('Cannot be drawn: its outline is outside the map · Company');
    await userEvent.setup().click(option);
    expect(onSelect).toHaveBeenCalledWith('gf-vendor');
  });
});
