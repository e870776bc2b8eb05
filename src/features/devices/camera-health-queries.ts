import { experimental_streamedQuery as streamedQuery, queryOptions } from '@tanstack/react-query';
import { deviceKeys, listDevices, type Device, type DeviceScope } from '@/api/devices';
import { readPagesAhead, type Page } from '@/api/paging';
import { listVehicles, type Vehicle } from '@/api/vehicles';

/**
 * The vehicles API's largest page (`limit` of Vehicle_GetVehicles); the devices API states none,
 * and the same size keeps both reads to a few dozen requests at 20,000 of each.
 */
export const CAMERA_HEALTH_PAGE_SIZE = 1000;
/** At most 100,000 cameras and as many vehicles; the view says so when it stops there. */
const CAMERA_HEALTH_MAX_PAGES = 100;
/** Two lists read side by side, two pages ahead each: as many requests in flight as one list. */
const PAGES_AHEAD_PER_LIST = 2;
/** What needs attention changes slowly; the view's Refresh reads it again at once. */
const CAMERA_HEALTH_STALE_TIME_MS = 5 * 60_000;

/** The cameras and vehicles read so far: the view shows its rows as they grow. */
export interface CameraHealthRead {
  devices: Device[];
  vehicles: Vehicle[];
  /** The services' totals, once their first pages are in. */
  expectedDevices: number | null;
  expectedVehicles: number | null;
  complete: boolean;
  /** True when a list had more pages than the read takes. */
  truncated: boolean;
}

const emptyCameraHealthRead: CameraHealthRead = {
  devices: [],
  vehicles: [],
  expectedDevices: null,
  expectedVehicles: null,
  complete: false,
  truncated: false,
};

type ArrivedPage =
  | { list: 'devices'; pageIndex: number; page: Page<Device> }
  | { list: 'vehicles'; pageIndex: number; page: Page<Vehicle> };

export interface ReadCameraHealthOptions {
  pageSize?: number;
  maxPages?: number;
  signal?: AbortSignal;
}

/**
 * Reads every camera and every vehicle of a scope, both lists at once and a few pages ahead each
 * (a 429 holds them all until Retry-After), yielding what has arrived after every page, so the
 * first rows show long before the last page.
 */
export async function* readCameraHealth(
  scope: DeviceScope,
  {
    pageSize = CAMERA_HEALTH_PAGE_SIZE,
    maxPages = CAMERA_HEALTH_MAX_PAGES,
    signal,
  }: ReadCameraHealthOptions = {},
): AsyncGenerator<CameraHealthRead> {
  const ahead = { pageSize, maxPages, concurrency: PAGES_AHEAD_PER_LIST };
  // Sorted by serial, the service's own order, so pages do not shift while they are read.
  const devicePages = readPagesAhead(
    (pageIndex) =>
      listDevices(
        { ...scope, page: { pageIndex, pageSize }, sort: 'serialNumber', order: 'asc' },
        signal,
      ),
    ahead,
  );
  const vehiclePages = readPagesAhead(
    (pageIndex) => listVehicles({ ...scope, page: { pageIndex, pageSize } }, signal),
    ahead,
  );
  // A page that fails while the other list is being shown must not count as unhandled.
  const handled = (arriving: Promise<ArrivedPage>) => {
    arriving.catch(() => undefined);
    return arriving;
  };
  const nextDevices = (pageIndex: number) =>
    handled(devicePages.page(pageIndex).then((page) => ({ list: 'devices', pageIndex, page })));
  const nextVehicles = (pageIndex: number) =>
    handled(vehiclePages.page(pageIndex).then((page) => ({ list: 'vehicles', pageIndex, page })));

  const waiting = new Map<ArrivedPage['list'], Promise<ArrivedPage>>([
    ['devices', nextDevices(0)],
    ['vehicles', nextVehicles(0)],
  ]);
  let read = emptyCameraHealthRead;
  while (waiting.size > 0) {
    // Whichever list answers first is shown first: neither waits for the other.
    const arrived = await Promise.race(waiting.values());
    const { pageIndex, page } = arrived;
    const ended = !page.hasMore || page.items.length === 0;
    const stopped = !ended && pageIndex === maxPages - 1;
    if (arrived.list === 'devices') {
      devicePages.knowTotal(page.total);
      read = {
        ...read,
        devices: read.devices.concat(arrived.page.items),
        expectedDevices: page.total ?? read.expectedDevices,
      };
    } else {
      vehiclePages.knowTotal(page.total);
      read = {
        ...read,
        vehicles: read.vehicles.concat(arrived.page.items),
        expectedVehicles: page.total ?? read.expectedVehicles,
      };
    }
    if (ended || stopped) waiting.delete(arrived.list);
    else {
      waiting.set(
        arrived.list,
        arrived.list === 'devices' ? nextDevices(pageIndex + 1) : nextVehicles(pageIndex + 1),
      );
    }
    read = { ...read, complete: waiting.size === 0, truncated: read.truncated || stopped };
    yield read;
  }
}

/**
 * The cameras and vehicles of a scope, read whole in the background. Leaving the view cancels
 * the read; coming back within a few minutes shows the finished one at once.
 */
export function cameraHealthQueryOptions(scope: DeviceScope) {
  return queryOptions({
    queryKey: deviceKeys.cameraHealth(scope),
    queryFn: streamedQuery<CameraHealthRead, CameraHealthRead>({
      streamFn: ({ signal }) => readCameraHealth(scope, { signal }),
      reducer: (_previous, latest) => latest,
      initialValue: emptyCameraHealthRead,
      // A refresh keeps the rows on screen until the new read is whole.
      refetchMode: 'replace',
    }),
    staleTime: CAMERA_HEALTH_STALE_TIME_MS,
    refetchOnWindowFocus: false,
    // Each page is already retried by the API client; starting 40 pages over is the user's call.
    retry: false,
    // Each read so far is new from end to end: comparing 40,000 records with the last buys nothing.
    structuralSharing: false,
  });
}
