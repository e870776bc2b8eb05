import { describe, expect, it } from 'vitest';
import { distanceMetres, isAxisAlignedRectangle } from './geofence-shape';
import { validateShape } from './geofence-validation';
import { outlineAroundPlace, placeOutlineSizeProblem } from './place-outline';

const portlandDepot = { latitude: 45.5543, longitude: -122.6757 };

describe('outline around a place', () => {
  it('is a circle of the radius on the place', () => {
    expect(outlineAroundPlace(portlandDepot, 'circle', 300)).toEqual({
      kind: 'circle',
      center: portlandDepot,
      radius: 300,
    });
  });

  it('is a square of the side, centred on the place, that the service takes', () => {
    const square = outlineAroundPlace(portlandDepot, 'square', 400);
    expect(square.kind).toBe('square');
    if (square.kind !== 'square') return;
    const [southWest, northWest, northEast, southEast] = square.points;
    expect(isAxisAlignedRectangle(square.points)).toBe(true);
    expect(validateShape(square)).toBeNull();
    expect(distanceMetres(southWest!, northWest!)).toBeCloseTo(400, 0);
    expect(distanceMetres(northWest!, northEast!)).toBeCloseTo(400, 0);
    expect(distanceMetres(southEast!, northEast!)).toBeCloseTo(400, 0);
    const middle = {
      latitude: (southWest!.latitude + northEast!.latitude) / 2,
      longitude: (southWest!.longitude + northEast!.longitude) / 2,
    };
    expect(distanceMetres(middle, portlandDepot)).toBeLessThan(0.01);
  });

  it('asks for a size it can draw', () => {
    expect(placeOutlineSizeProblem('circle', 200)).toBeNull();
    expect(placeOutlineSizeProblem('circle', '')).toBe('Enter the radius in metres.');
    expect(placeOutlineSizeProblem('square', 5)).toBe('Enter a side from 10 to 50,000 m.');
    expect(placeOutlineSizeProblem('circle', 60_000)).toBe('Enter a radius from 10 to 50,000 m.');
  });
});
