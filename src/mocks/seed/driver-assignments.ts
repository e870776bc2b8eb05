import type { Random } from './random';
import type { SeedContext } from './index';

export function seedDriverAssignments(_context: SeedContext, _random: Random): void {
  // Filled in by the driver-assignments seed.
}
