import { afterEach, describe, expect, it } from 'vitest';
import { resetLocaleCache, setLocale } from '@/i18n/locale';
import { compareText } from './collate';

afterEach(() => {
  setLocale('en');
  resetLocaleCache();
});

describe('compareText', () => {
  it('puts accented names beside their plain spelling, not after Z', () => {
    expect(['Zoë', 'Émile', 'Emma', 'Adam', 'Ángel'].sort(compareText)).toEqual([
      'Adam',
      'Ángel',
      'Émile',
      'Emma',
      'Zoë',
    ]);
    expect(compareText('Gómez', 'gomez')).toBe(0);
  });

  it('compares numbers in names by value', () => {
    expect(['Truck 10', 'Truck 9', 'Truck 100'].sort(compareText)).toEqual([
      'Truck 9',
      'Truck 10',
      'Truck 100',
    ]);
  });

  it('sorts as the chosen language does: Ñ is its own letter in Spanish', () => {
    setLocale('en');
    expect(['Oso', 'Ñandú', 'Nube'].sort(compareText)).toEqual(['Ñandú', 'Nube', 'Oso']);
    setLocale('es-419');
    expect(['Oso', 'Ñandú', 'Nube'].sort(compareText)).toEqual(['Nube', 'Ñandú', 'Oso']);
  });
});
