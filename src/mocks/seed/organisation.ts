import type { Random } from './random';
import type { SeedContext } from './index';

export function seedOrganisation(_context: SeedContext, _random: Random): void {
  // Filled in by the organisation seed.
}
