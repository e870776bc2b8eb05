import type { SafetyEvent } from '@/api/safety-events';
import { positionProblem } from '@/lib/map-shape';

// Apart from the map's search validation, which loads with every route definition.
/** An event the map can place: its recorder sent a usable position. */
export type PlacedEvent = SafetyEvent & { latitude: number; longitude: number };

export function isPlaced(event: SafetyEvent): event is PlacedEvent {
  return positionProblem(event.latitude, event.longitude) === null;
}
