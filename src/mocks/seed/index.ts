import { emptyDb, type MockDb } from '../db';
import { seedDriverAssignments } from './driver-assignments';
import { seedFleet } from './fleet';
import { seedGeofences } from './geofences';
import { seedOrganisation } from './organisation';
import { createRandom } from './random';
import { seedSafety } from './safety';
import { seedVendorDialect } from './vendor-dialect';

/** Bump when the seed changes shape, so persisted demo data from an older build is replaced. */
export const SEED_VERSION = 4;

export interface SeedContext {
  db: MockDb;
  scale: number;
  /** Midnight UTC of the seeding day: data is recent relative to it, and identical within a day. */
  anchor: Date;
}

/**
 * Seeds a realistic company deterministically. Each area reads what the earlier ones created:
 * organisation (groups, roles, users) → fleet (vehicles, devices, ECM) → safety events,
 * geofences and driver assignments; last, a few records in the vendor's own dialect.
 */
export function seedDb(scale: number, now = new Date()): MockDb {
  const anchor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const context: SeedContext = { db: emptyDb(scale, SEED_VERSION), scale, anchor };
  seedOrganisation(context, createRandom(1001));
  seedFleet(context, createRandom(2002));
  seedSafety(context, createRandom(3003));
  seedGeofences(context, createRandom(4004));
  seedDriverAssignments(context, createRandom(5005));
  seedVendorDialect(context);
  return context.db;
}
