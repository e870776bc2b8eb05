import { describe, expect, it } from 'vitest';
import { emptyDb } from '../db';
import { hasArea, selfIntersects } from '../geofence-geometry';
import { seedDriverAssignments } from './driver-assignments';
import { seedFleet } from './fleet';
import { drawableRecord, seedGeofences } from './geofences';
import { seedOrganisation } from './organisation';
import { createRandom } from './random';

const anchor = new Date(Date.UTC(2026, 2, 20));

function seedUpToFleet(scale: number) {
  const context = { db: emptyDb(scale, 1), scale, anchor };
  seedOrganisation(context, createRandom(1001));
  seedFleet(context, createRandom(2002));
  return context;
}

describe('geofence and driver-assignment seeds', () => {
  const context = seedUpToFleet(1);
  seedGeofences(context, createRandom(4004));
  seedDriverAssignments(context, createRandom(5005));
  const { db } = context;

  it('draws ~60 valid shapes on real coordinates in the company area', () => {
    const drawable = db.geofences.filter(drawableRecord);
    expect(drawable.length).toBe(60);
    for (const geofence of drawable) {
      const { shapeType, points, radius } = geofence;
      if (shapeType === 3) {
        expect(points).toHaveLength(1);
        expect(radius).toBeGreaterThan(0);
      } else {
        expect(points.length).toBeGreaterThanOrEqual(shapeType === 2 ? 4 : 3);
        if (shapeType === 2) expect(points).toHaveLength(4);
        expect(selfIntersects(points)).toBe(false);
        expect(hasArea(points)).toBe(true);
      }
      for (const point of points) {
        expect(point.latitude).toBeGreaterThan(36);
        expect(point.latitude).toBeLessThan(48);
        expect(point.longitude).toBeGreaterThan(-123);
        expect(point.longitude).toBeLessThan(-111);
      }
    }
    expect(new Set(db.geofences.map((geofence) => geofence.shapeType))).toEqual(new Set([1, 2, 3]));
    expect(db.endReasons.map((reason) => reason.reasonId)).toEqual([0, 1, 2, 3, 4]);
  });

  it('adds two records shaped like the vendor’s examples, which no map can draw', () => {
    const vendorShaped = db.geofences.filter((geofence) => !drawableRecord(geofence));
    expect(vendorShaped.map((geofence) => geofence.name)).toEqual([
      'San Diego',
      'Portland Depot Fuel Island',
    ]);
    expect(vendorShaped[0]).toMatchObject({
      shapeType: 3,
      radius: 5,
      points: [{ latitude: -1.7976931348623157e308, longitude: -1.7976931348623157e308 }],
    });
    expect(vendorShaped[1]!.points).toHaveLength(3);
    // Nothing enters an outline that is not on the map.
    const ids = new Set(vendorShaped.map((geofence) => geofence.geofenceId));
    expect(db.activations.some((activation) => ids.has(activation.geofenceId))).toBe(false);
  });

  it("puts every activation inside one of its driver's shifts on that vehicle, none in the future", () => {
    const shifts = new Map<string, typeof db.driverAssignments>();
    for (const assignment of db.driverAssignments) {
      shifts.set(assignment.vehicleId, [...(shifts.get(assignment.vehicleId) ?? []), assignment]);
    }
    const anchorIso = anchor.toISOString();
    expect(db.activations.length).toBeGreaterThan(500);
    expect(db.activations.some((activation) => activation.activationEndDate === null)).toBe(true);
    for (const activation of db.activations) {
      expect(activation.activationStartDate <= anchorIso).toBe(true);
      expect((activation.activationEndDate ?? '') <= anchorIso).toBe(true);
      const driven = shifts
        .get(activation.vehicleId)
        ?.some(
          (shift) =>
            shift.userId === activation.userIdentifier &&
            shift.assignmentStartDate <= activation.activationStartDate,
        );
      expect(driven).toBe(true);
    }
  });

  it('gives drivers 6–11 h shifts at their depot, a few still open, and leaves a vehicle name shared', () => {
    expect(db.driverAssignments.length).toBeGreaterThan(300);
    const open = db.driverAssignments.filter((assignment) => assignment.assignmentEndDate === null);
    expect(open.length).toBeGreaterThan(0);
    for (const assignment of db.driverAssignments) {
      if (assignment.assignmentEndDate === null) continue;
      const hours =
        (Date.parse(assignment.assignmentEndDate) - Date.parse(assignment.assignmentStartDate)) /
        3_600_000;
      expect(hours).toBeGreaterThanOrEqual(1);
      expect(hours).toBeLessThanOrEqual(11);
    }
    const names = db.vehicles.map((vehicle) => vehicle.name.toLowerCase());
    expect(new Set(names).size).toBeLessThan(names.length);
  });

  // Seeding time is measured by `npm run bench`, not asserted here.
  it('caps the geofences at 6,000 at scale 100, besides the two vendor-shaped ones', () => {
    const large = seedUpToFleet(100);
    seedGeofences(large, createRandom(4004));
    seedDriverAssignments(large, createRandom(5005));
    expect(large.db.geofences).toHaveLength(6002);
    expect(large.db.geofences.filter(drawableRecord)).toHaveLength(6000);
  });
});
