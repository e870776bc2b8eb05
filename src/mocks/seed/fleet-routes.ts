/**
 * Highway corridors out of each depot, as polylines through real interchanges and towns, so
 * seeded vehicle positions land on (or very near) the roads a trucking company would use.
 * Keyed by the depot's group name in company.ts; every corridor starts at the depot.
 */
type LatLon = readonly [number, number];

// prettier-ignore
const corridorsByDepot: Record<string, LatLon[][]> = {
  'Portland Depot': [
    // I-5 north to Tacoma
    [[45.5543, -122.6757], [45.589, -122.6868], [45.62, -122.672], [45.677, -122.659], [45.865, -122.678],
      [46.138, -122.91], [46.41, -122.88], [46.715, -122.965], [47.02, -122.88], [47.1, -122.58], [47.23, -122.44]],
    // I-84 east up the Columbia Gorge
    [[45.5543, -122.6757], [45.531, -122.66], [45.535, -122.56], [45.539, -122.4], [45.5762, -122.1158],
      [45.668, -121.897], [45.709, -121.52], [45.605, -121.18]],
    // I-5 south to Eugene
    [[45.5543, -122.6757], [45.5, -122.675], [45.43, -122.75], [45.3, -122.77], [45.15, -122.86],
      [44.94, -123.0], [44.64, -123.06], [44.07, -123.07]],
  ],
  'Seattle Depot': [
    // I-5 north to Bellingham
    [[47.5801, -122.3353], [47.6, -122.325], [47.66, -122.322], [47.76, -122.32], [47.82, -122.27],
      [47.94, -122.21], [48.17, -122.19], [48.42, -122.33], [48.75, -122.47]],
    // I-90 east over Snoqualmie Pass
    [[47.5801, -122.3353], [47.59, -122.32], [47.588, -122.23], [47.58, -122.17], [47.54, -122.04],
      [47.49, -121.79], [47.425, -121.415], [47.19, -120.94], [46.99, -120.55]],
    // I-5 south to Tacoma
    [[47.5801, -122.3353], [47.53, -122.3], [47.46, -122.26], [47.38, -122.28], [47.3, -122.3],
      [47.23, -122.43]],
  ],
  'Tacoma Depot': [
    // I-5 south to Olympia
    [[47.2399, -122.4102], [47.22, -122.44], [47.16, -122.5], [47.09, -122.64], [47.04, -122.82],
      [47.03, -122.9]],
    // SR-16 over the Narrows to Bremerton
    [[47.2399, -122.4102], [47.25, -122.48], [47.268, -122.55], [47.33, -122.59], [47.44, -122.66],
      [47.54, -122.68]],
    // I-5 north to Tukwila
    [[47.2399, -122.4102], [47.26, -122.36], [47.3, -122.3], [47.4, -122.27], [47.5, -122.28]],
  ],
  'Spokane Depot': [
    // I-90 west to Moses Lake
    [[47.6344, -117.4012], [47.65, -117.43], [47.62, -117.53], [47.56, -117.63], [47.4, -117.83],
      [47.3, -117.98], [47.13, -118.38], [47.1, -118.9], [47.13, -119.28]],
    // I-90 east to Coeur d'Alene
    [[47.6344, -117.4012], [47.66, -117.35], [47.67, -117.25], [47.69, -117.11], [47.7, -116.98],
      [47.69, -116.78]],
    // US-395 north to Chewelah
    [[47.6344, -117.4012], [47.7, -117.41], [47.78, -117.4], [47.95, -117.47], [48.276, -117.715]],
  ],
  'Boise Depot': [
    // I-84 west to Ontario
    [[43.5721, -116.2146], [43.57, -116.26], [43.59, -116.37], [43.585, -116.56], [43.66, -116.69],
      [43.84, -116.87], [44.03, -116.96]],
    // I-84 east to Jerome
    [[43.5721, -116.2146], [43.55, -116.15], [43.47, -116.01], [43.13, -115.69], [42.95, -115.3],
      [42.72, -114.52]],
    // I-184 into downtown Boise
    [[43.5721, -116.2146], [43.6, -116.22], [43.615, -116.2]],
  ],
  'Salt Lake City Depot': [
    // I-15 north to Ogden
    [[40.7634, -111.9506], [40.77, -111.91], [40.85, -111.91], [40.98, -111.89], [41.11, -111.98],
      [41.22, -111.97]],
    // I-15 south to Provo
    [[40.7634, -111.9506], [40.72, -111.9], [40.62, -111.9], [40.53, -111.89], [40.39, -111.85],
      [40.29, -111.7], [40.23, -111.66]],
    // I-80 west to Wendover
    [[40.7634, -111.9506], [40.76, -112.0], [40.75, -112.1], [40.73, -112.21], [40.72, -112.65],
      [40.74, -113.1], [40.735, -114.03]],
  ],
  'Sacramento Depot': [
    // I-80 east over Donner Pass to Reno
    [[38.6004, -121.4557], [38.63, -121.42], [38.72, -121.31], [38.8, -121.22], [38.9, -121.07],
      [39.1, -120.95], [39.3, -120.33], [39.33, -120.18], [39.53, -119.81]],
    // I-5 south to Stockton
    [[38.6004, -121.4557], [38.57, -121.5], [38.41, -121.48], [38.23, -121.42], [38.12, -121.39],
      [37.96, -121.32]],
    // I-80 west to Fairfield
    [[38.6004, -121.4557], [38.58, -121.52], [38.55, -121.74], [38.36, -121.98], [38.25, -122.04]],
  ],
  'Oakland Depot': [
    // I-880 south to San Jose
    [[37.7955, -122.2797], [37.78, -122.26], [37.73, -122.2], [37.69, -122.15], [37.64, -122.1],
      [37.56, -122.01], [37.49, -121.94], [37.4, -121.91], [37.35, -121.9]],
    // I-580 east over Altamont Pass to Tracy
    [[37.7955, -122.2797], [37.81, -122.26], [37.79, -122.21], [37.73, -122.13], [37.7, -121.93],
      [37.7, -121.77], [37.74, -121.55], [37.74, -121.43]],
    // I-80 north to Vallejo
    [[37.7955, -122.2797], [37.82, -122.29], [37.86, -122.3], [37.93, -122.33], [38.0, -122.28],
      [38.06, -122.23], [38.1, -122.24]],
  ],
  'Fresno Depot': [
    // CA-99 north to Modesto
    [[36.7122, -119.7617], [36.74, -119.79], [36.83, -119.88], [36.96, -120.06], [37.12, -120.26],
      [37.3, -120.48], [37.49, -120.85], [37.64, -120.99]],
    // CA-99 south to Bakersfield
    [[36.7122, -119.7617], [36.68, -119.74], [36.57, -119.61], [36.51, -119.55], [36.33, -119.39],
      [36.21, -119.35], [35.77, -119.25], [35.37, -119.02]],
    // CA-41 into north Fresno
    [[36.7122, -119.7617], [36.737, -119.787], [36.8, -119.77], [36.85, -119.79]],
  ],
};

const earthRadiusKm = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

function distanceKm([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.sqrt(a));
}

function bearingDegrees([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  const y = Math.sin(toRadians(lon2 - lon1)) * Math.cos(toRadians(lat2));
  const x =
    Math.cos(toRadians(lat1)) * Math.sin(toRadians(lat2)) -
    Math.sin(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.cos(toRadians(lon2 - lon1));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export interface Corridor {
  lengthKm: number;
  /** Where a vehicle is after `distance` km from the depot, and which way the road runs there. */
  at(distance: number): { latitude: number; longitude: number; bearing: number };
}

interface Leg {
  start: LatLon;
  end: LatLon;
  /** Distance along the corridor where the leg starts and ends, in km. */
  fromKm: number;
  toKm: number;
}

function measure(points: LatLon[]): Corridor {
  const legs: Leg[] = [];
  let previous: LatLon | undefined;
  let travelledKm = 0;
  for (const point of points) {
    if (previous) {
      const fromKm = travelledKm;
      travelledKm += distanceKm(previous, point);
      legs.push({ start: previous, end: point, fromKm, toKm: travelledKm });
    }
    previous = point;
  }
  const [firstLeg] = legs;
  if (!firstLeg) throw new Error('A corridor needs at least two points.');
  const lengthKm = travelledKm;
  return {
    lengthKm,
    at(distance) {
      const clamped = Math.min(Math.max(distance, 0), lengthKm);
      // The first leg that reaches the distance; past the end, the last leg.
      let leg = firstLeg;
      for (leg of legs) if (!(leg.toKm < clamped)) break;
      const { start, end } = leg;
      const span = leg.toKm - leg.fromKm;
      const fraction = span === 0 ? 0 : (clamped - leg.fromKm) / span;
      return {
        latitude: start[0] + (end[0] - start[0]) * fraction,
        longitude: start[1] + (end[1] - start[1]) * fraction,
        bearing: bearingDegrees(start, end),
      };
    },
  };
}

const measuredCorridors = new Map<string, Corridor[]>();

/** The depot's corridors (empty for a depot without any). Measured once, then reused. */
export function corridorsFor(depotGroupName: string): Corridor[] {
  let corridors = measuredCorridors.get(depotGroupName);
  if (!corridors) {
    corridors = (corridorsByDepot[depotGroupName] ?? []).map(measure);
    measuredCorridors.set(depotGroupName, corridors);
  }
  return corridors;
}
