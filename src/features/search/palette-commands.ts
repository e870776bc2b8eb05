import type { NavigateOptions } from '@tanstack/react-router';
import {
  MATCH_RANK,
  prepareSearchQuery,
  rankTextMatch,
  type MatchRank,
} from '@/lib/search/prefix-match';

/** What choosing a palette entry does. */
export type PaletteTarget =
  { type: 'navigate'; to: NavigateOptions } | { type: 'command'; command: PaletteCommandName };

/** Actions that are not a page: the app shell carries them out. */
export type PaletteCommandName = 'keyboard-shortcuts' | 'toggle-theme' | 'sign-out';

export interface PaletteCommand {
  id: string;
  kind: 'action' | 'page';
  label: string;
  /** Other words people use for it; they find the entry but rank below its label. */
  keywords?: readonly string[];
  target: PaletteTarget;
}

const navigate = (to: NavigateOptions): PaletteTarget => ({ type: 'navigate', to });
const command = (name: PaletteCommandName): PaletteTarget => ({ type: 'command', command: name });

interface PageEntry {
  id: string;
  label: string;
  keywords: readonly string[];
  to: NavigateOptions;
}

const pageEntries: readonly PageEntry[] = [
  { id: 'overview', label: 'Overview', keywords: ['home', 'dashboard'], to: { to: '/' } },
  { id: 'users', label: 'Users', keywords: ['people', 'roles'], to: { to: '/users' } },
  {
    id: 'groups',
    label: 'Groups',
    keywords: ['group tree', 'organisation'],
    to: { to: '/groups' },
  },
  {
    id: 'group-audit',
    label: 'Group audit log',
    keywords: ['history', 'changes'],
    to: { to: '/groups/audit' },
  },
  { id: 'vehicles', label: 'Vehicles', keywords: ['fleet', 'trucks'], to: { to: '/vehicles' } },
  {
    id: 'fleet-map',
    label: 'Fleet map',
    keywords: ['positions', 'locations', 'where'],
    to: { to: '/fleet-map' },
  },
  { id: 'devices', label: 'Devices', keywords: ['cameras'], to: { to: '/devices' } },
  {
    id: 'device-changes',
    label: 'Device assignment changes',
    keywords: ['camera moves', 'history'],
    to: { to: '/devices', search: { tab: 'changes' } },
  },
  { id: 'geofences', label: 'Geofences', keywords: ['map', 'zones'], to: { to: '/geofences' } },
  {
    id: 'activations',
    label: 'Geofence activations',
    keywords: ['entered', 'left'],
    to: { to: '/geofences/activations' },
  },
  {
    id: 'events',
    label: 'Safety events',
    keywords: ['review', 'videos', 'queue'],
    to: { to: '/events' },
  },
  {
    id: 'scorecards',
    label: 'Scorecards',
    keywords: ['drivers', 'ranking', 'risk', 'coaching'],
    to: { to: '/scorecards' },
  },
  {
    id: 'coaching',
    label: 'Coaching backlog',
    keywords: ['coach', 'overdue', 'backlog'],
    to: { to: '/coaching' },
  },
  {
    id: 'driver-assignments',
    label: 'Driver assignments',
    keywords: ['drivers'],
    to: { to: '/driver-assignments' },
  },
  { id: 'dispatch', label: 'Dispatch upload', keywords: ['schedule'], to: { to: '/dispatch' } },
  {
    id: 'settings',
    label: 'Settings',
    keywords: ['preferences', 'api key', 'units', 'time zone'],
    to: { to: '/settings' },
  },
];

const pages: readonly PaletteCommand[] = pageEntries.map(({ to, ...page }) => ({
  ...page,
  kind: 'page',
  target: navigate(to),
}));

/** Every page and action, in the order shown before anything is typed. */
export function paletteCommands({
  colorScheme,
}: {
  colorScheme: 'light' | 'dark';
}): PaletteCommand[] {
  const otherScheme = colorScheme === 'dark' ? 'light' : 'dark';
  const actions: PaletteCommand[] = [
    {
      id: 'new-user',
      kind: 'action',
      label: 'New user',
      keywords: ['create', 'add'],
      target: navigate({ to: '/users/new' }),
    },
    {
      id: 'new-vehicle',
      kind: 'action',
      label: 'New vehicle',
      keywords: ['create', 'add'],
      target: navigate({ to: '/vehicles/new' }),
    },
    {
      id: 'upload-dispatch',
      kind: 'action',
      label: 'Upload dispatch schedule',
      keywords: ['csv', 'excel', 'import'],
      target: navigate({ to: '/dispatch' }),
    },
    {
      id: 'keyboard-shortcuts',
      kind: 'action',
      label: 'Keyboard shortcuts',
      keywords: ['keys', 'hotkeys', 'help'],
      target: command('keyboard-shortcuts'),
    },
    {
      id: 'toggle-theme',
      kind: 'action',
      label: `Switch to ${otherScheme} theme`,
      keywords: ['appearance', 'colour', 'color', 'mode'],
      target: command('toggle-theme'),
    },
    {
      id: 'sign-out',
      kind: 'action',
      label: 'Sign out',
      keywords: ['log out', 'logout'],
      target: command('sign-out'),
    },
  ];
  return [...actions, ...pages];
}

export interface CommandMatch {
  command: PaletteCommand;
  rank: MatchRank;
}

/**
 * Commands by label, or ranked lower by label and keywords together ("add user" finds New user);
 * all of them for an empty search.
 */
export function matchCommands(commands: readonly PaletteCommand[], text: string): CommandMatch[] {
  const query = prepareSearchQuery(text);
  if (!query) return commands.map((each) => ({ command: each, rank: MATCH_RANK.wordStart }));
  const matches: CommandMatch[] = [];
  for (const each of commands) {
    const labelRank = rankTextMatch(each.label, query);
    if (labelRank !== null) {
      matches.push({ command: each, rank: labelRank });
    } else if (rankTextMatch([each.label, ...(each.keywords ?? [])].join(' '), query) !== null) {
      matches.push({ command: each, rank: MATCH_RANK.wordStart });
    }
  }
  // Stable: equal ranks keep the list's own order.
  return matches.sort((a, b) => a.rank - b.rank);
}
