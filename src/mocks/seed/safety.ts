import type { Random } from './random';
import type { SeedContext } from './index';

export function seedSafety(_context: SeedContext, _random: Random): void {
  // Filled in by the safety seed.
}
