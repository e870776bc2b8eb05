import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import {
  matchDevices,
  type DeviceSearchEntry,
  type DeviceSearchIndex,
} from '@/api/search/device-index';
import { matchGeofences, type GeofenceSearchIndex } from '@/api/search/geofence-index';
import { groupPathText, matchGroups, type GroupSearchIndex } from '@/api/search/group-index';
import {
  matchUsers,
  mergeUserMatches,
  userDisplayName,
  type UserSearchIndex,
} from '@/api/search/user-index';
import {
  matchVehicles,
  type VehicleSearchEntry,
  type VehicleSearchIndex,
} from '@/api/search/vehicle-index';
import type { User } from '@/api/users';
import type { MatchRank } from '@/lib/search/prefix-match';
import { matchCommands, type PaletteCommand, type PaletteTarget } from './palette-commands';

type PaletteSectionKind =
  'actions' | 'pages' | 'users' | 'vehicles' | 'devices' | 'groups' | 'geofences';

export interface PaletteItem {
  /** Unique across every section. */
  key: string;
  label: string;
  description?: string;
  target: PaletteTarget;
}

export interface PaletteSection {
  kind: PaletteSectionKind;
  label: string;
  items: PaletteItem[];
}

/** What the palette searches; a kind that is not (yet) available is left out. */
export interface PaletteSearchData {
  commands: readonly PaletteCommand[];
  users?: UserSearchIndex;
  /** Users the service's own search returned (it finds users newer than the index). */
  serviceUsers?: readonly User[];
  vehicles?: VehicleSearchIndex<VehicleSearchEntry>;
  devices?: DeviceSearchIndex<DeviceSearchEntry>;
  groups?: GroupSearchIndex;
  geofences?: GeofenceSearchIndex;
}

/** Enough to recognise a record; typing more narrows it. */
export const RESULTS_PER_KIND = 5;

/** The order of sections whose best results rank the same. */
const sectionOrder: readonly PaletteSectionKind[] = [
  'actions',
  'pages',
  'users',
  'vehicles',
  'devices',
  'groups',
  'geofences',
];

const sectionLabels: Record<PaletteSectionKind, MessageDescriptor> = {
  actions: msg`Actions`,
  pages: msg`Pages`,
  users: msg`Users`,
  vehicles: msg`Vehicles`,
  devices: msg`Devices`,
  groups: msg`Groups`,
  geofences: msg`Geofences`,
};

interface RankedItem {
  item: PaletteItem;
  rank: MatchRank;
}

function plateText(plate: string): string {
  return t`Plate ${plate}`;
}

function vinText(vin: string): string {
  return t`VIN ${vin}`;
}

function inVehicleText(vehicleName: string): string {
  return t`in ${vehicleName}`;
}

const joinDetails = (...parts: (string | null | undefined | false)[]) =>
  parts.filter(Boolean).join(' · ') || undefined;

function commandItem(command: PaletteCommand): PaletteItem {
  return { key: `${command.kind}:${command.id}`, label: command.label, target: command.target };
}

/**
 * The palette's results for `text`, grouped by kind, the best-matching kind first. Before anything
 * is typed it lists the actions and pages.
 */
export function buildPaletteSections(text: string, data: PaletteSearchData): PaletteSection[] {
  const commandMatches = matchCommands(data.commands, text);
  const ranked: Record<PaletteSectionKind, RankedItem[]> = {
    actions: [],
    pages: [],
    users: [],
    vehicles: [],
    devices: [],
    groups: [],
    geofences: [],
  };
  for (const { command, rank } of commandMatches) {
    const kind = command.kind === 'action' ? 'actions' : 'pages';
    // Everything before anything is typed; the best few after.
    if (text.trim() && ranked[kind].length >= RESULTS_PER_KIND) continue;
    ranked[kind].push({ item: commandItem(command), rank });
  }

  if (text.trim()) {
    const userMatches = mergeUserMatches(
      data.users ? matchUsers(data.users, text) : [],
      data.serviceUsers ?? [],
      text,
      RESULTS_PER_KIND,
    );
    ranked.users = userMatches.map(({ item: user, rank, field }) => ({
      rank,
      item: {
        key: `user:${user.userId}`,
        label: userDisplayName(user),
        description:
          field === 'email'
            ? (user.email ?? undefined)
            : joinDetails(user.username, user.employeeId),
        target: { type: 'navigate', to: { to: '/users/$userId', params: { userId: user.userId } } },
      },
    }));
    ranked.vehicles = (
      data.vehicles ? matchVehicles(data.vehicles, text, { limit: RESULTS_PER_KIND }) : []
    ).map(({ item: vehicle, rank }) => ({
      rank,
      item: {
        key: `vehicle:${vehicle.id}`,
        label: vehicle.name,
        description: joinDetails(
          vehicle.licensePlateNumber && plateText(vehicle.licensePlateNumber),
          vehicle.vin && vinText(vehicle.vin),
        ),
        target: {
          type: 'navigate',
          to: { to: '/vehicles/$vehicleId', params: { vehicleId: vehicle.id } },
        },
      },
    }));
    ranked.devices = (data.devices ? matchDevices(data.devices, text, RESULTS_PER_KIND) : []).map(
      ({ item: device, rank }) => ({
        rank,
        item: {
          key: `device:${device.deviceId}`,
          label: device.serialNumber ?? device.deviceId,
          description: joinDetails(
            device.deviceModel,
            device.vehicleName ? inVehicleText(device.vehicleName) : t`in no vehicle`,
          ),
          target: {
            type: 'navigate',
            to: { to: '/devices/$deviceId', params: { deviceId: device.deviceId } },
          },
        },
      }),
    );
    ranked.groups = (data.groups ? matchGroups(data.groups, text, RESULTS_PER_KIND) : []).map(
      ({ item: group, rank }) => {
        const path = groupPathText(group);
        return {
          rank,
          item: {
            key: `group:${group.id}`,
            label: group.name,
            description: path === group.name ? undefined : path,
            target: { type: 'navigate', to: { to: '/groups', search: { groupId: group.id } } },
          },
        };
      },
    );
    ranked.geofences = (
      data.geofences ? matchGeofences(data.geofences, text, RESULTS_PER_KIND) : []
    ).map(({ item: geofence, rank }) => ({
      rank,
      item: {
        key: `geofence:${geofence.geofenceId}`,
        label: geofence.name || t`Unnamed geofence`,
        description: geofence.groupName ?? undefined,
        target: {
          type: 'navigate',
          to: { to: '/geofences', search: { selected: geofence.geofenceId } },
        },
      },
    }));
  }

  const bestRank = (kind: PaletteSectionKind) => Math.min(...ranked[kind].map((each) => each.rank));
  return sectionOrder
    .filter((kind) => ranked[kind].length > 0)
    .sort((a, b) => bestRank(a) - bestRank(b) || sectionOrder.indexOf(a) - sectionOrder.indexOf(b))
    .map((kind) => ({
      kind,
      label: i18n._(sectionLabels[kind]),
      items: ranked[kind].map((each) => each.item),
    }));
}
