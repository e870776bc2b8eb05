/**
 * The contract's shape codes, on their own so that code running outside the page (the GeoJSON
 * import worker) can use them without loading the API layer and its schema library.
 */
export const GEOFENCE_SHAPE_TYPE = { polygon: 1, square: 2, circle: 3 } as const;
