import { describe, expect, it } from 'vitest';
import {
  applyViewColumns,
  columnSettingsKey,
  columnsFromParam,
  deleteView,
  loadSavedViews,
  saveView,
} from './saved-views';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('saved views', () => {
  it('saves, replaces by name regardless of case, lists by name, and deletes', () => {
    const storage = new MemoryStorage();
    saveView(
      'vehicles',
      { name: 'Portland', filters: { groupId: 'g1' }, columns: ['name'] },
      storage,
    );
    saveView('vehicles', { name: 'Atlanta', filters: {}, columns: ['name', 'vin'] }, storage);
    saveView(
      'vehicles',
      { name: 'portland ', filters: { groupId: 'g2' }, columns: ['vin'] },
      storage,
    );
    expect(loadSavedViews('vehicles', storage)).toEqual([
      { name: 'Atlanta', filters: {}, columns: ['name', 'vin'] },
      { name: 'portland', filters: { groupId: 'g2' }, columns: ['vin'] },
    ]);
    expect(loadSavedViews('users', storage)).toEqual([]);
    expect(deleteView('vehicles', 'Atlanta', storage).map((view) => view.name)).toEqual([
      'portland',
    ]);
  });

  it('drops what it cannot read instead of failing the list', () => {
    const storage = new MemoryStorage();
    storage.setItem('fleet-console.list-views:vehicles', '{not json');
    expect(loadSavedViews('vehicles', storage)).toEqual([]);
    storage.setItem(
      'fleet-console.list-views:vehicles',
      JSON.stringify([{ name: 'ok', filters: {}, columns: ['a'] }, { name: 3 }, 'x']),
    );
    expect(loadSavedViews('vehicles', storage)).toEqual([
      { name: 'ok', filters: {}, columns: ['a'] },
    ]);
  });

  it('moves views saved under the former key to the new one, once, so none is lost', () => {
    const storage = new MemoryStorage();
    const portland = { name: 'Portland', filters: { groupId: 'g1' }, columns: ['name'] };
    storage.setItem('list-views:vehicles', JSON.stringify([portland]));
    expect(loadSavedViews('vehicles', storage)).toEqual([portland]);
    expect(storage.getItem('list-views:vehicles')).toBeNull();
    expect(JSON.parse(storage.getItem('fleet-console.list-views:vehicles') ?? 'null')).toEqual([
      portland,
    ]);
    // A view saved after the move is kept with it; the other lists' keys are left alone.
    storage.setItem('list-views:users', '[]');
    saveView('vehicles', { name: 'Atlanta', filters: {}, columns: ['vin'] }, storage);
    expect(loadSavedViews('vehicles', storage).map((view) => view.name)).toEqual([
      'Atlanta',
      'Portland',
    ]);
    expect(storage.getItem('list-views:users')).toBe('[]');
  });

  it('keeps the new key’s views where both keys hold some, and drops the former', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'list-views:vehicles',
      JSON.stringify([{ name: 'Old', filters: {}, columns: [] }]),
    );
    storage.setItem(
      'fleet-console.list-views:vehicles',
      JSON.stringify([{ name: 'New', filters: {}, columns: [] }]),
    );
    expect(loadSavedViews('vehicles', storage).map((view) => view.name)).toEqual(['New']);
    expect(storage.getItem('list-views:vehicles')).toBeNull();
  });

  it('moves a list’s column settings from their former keys to the new ones', () => {
    const storage = new MemoryStorage();
    storage.setItem('list-columns:vehicles-columns-order', '["vin","name"]');
    storage.setItem('list-columns:vehicles-columns-toggle', '[{"accessor":"vin","toggled":true}]');
    const key = columnSettingsKey('vehicles', storage);
    expect(key).toBe('fleet-console.list-columns:vehicles');
    expect(storage.getItem(`${key}-columns-order`)).toBe('["vin","name"]');
    expect(storage.getItem(`${key}-columns-toggle`)).toBe('[{"accessor":"vin","toggled":true}]');
    expect(storage.getItem(`${key}-columns-width`)).toBeNull();
    expect(storage.length).toBe(2);
  });

  it('reads a shared link’s columns, keeping only known ones, once each', () => {
    expect(columnsFromParam('vin, name,unknown,vin', ['name', 'vin', 'status'])).toEqual([
      'vin',
      'name',
    ]);
    const { order, shown } = applyViewColumns(['vin', 'name'], ['name', 'status', 'vin']);
    expect(order).toEqual(['vin', 'name', 'status']);
    expect([...shown]).toEqual(['vin', 'name']);
  });
});
