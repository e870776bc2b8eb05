import { useQuery } from '@tanstack/react-query';
import {
  deviceSearchIndexQueryOptions,
  type DeviceScope,
  type DeviceSearchEntry,
  type DeviceSearchIndex,
} from '@/api/devices';
import { rankMatches, type RankedMatch, type SearchField } from '@/lib/search/prefix-match';

export type { DeviceSearchEntry, DeviceSearchIndex };

type DeviceMatchField = 'serial';
export type DeviceMatch<Entry extends DeviceSearchEntry = DeviceSearchEntry> = RankedMatch<
  Entry,
  DeviceMatchField
>;

function deviceFields(device: DeviceSearchEntry): SearchField<DeviceMatchField>[] {
  return [{ field: 'serial', value: device.serialNumber, kind: 'identifier' }];
}

/** Devices whose serial starts with `text`, best first. Pure, like the other matchers. */
export function matchDevices<Entry extends DeviceSearchEntry>(
  index: Pick<DeviceSearchIndex<Entry>, 'devices'>,
  text: string,
  limit?: number,
): DeviceMatch<Entry>[] {
  return rankMatches(
    index.devices,
    text,
    deviceFields,
    (device) => device.serialNumber ?? device.deviceId,
    limit,
  );
}

/**
 * The devices of a scope (the whole company by default), read once in the background and kept
 * for minutes; the same read gives the vehicle list its camera serials.
 */
export function useDeviceSearchIndex(scope: DeviceScope = {}, { enabled = true } = {}) {
  return useQuery({ ...deviceSearchIndexQueryOptions(scope), enabled });
}
