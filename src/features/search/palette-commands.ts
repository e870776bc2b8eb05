import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
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
  label: MessageDescriptor;
  /** Comma-separated words in a message of their own, so each language lists its own. */
  keywords: MessageDescriptor;
  to: NavigateOptions;
}

const pageEntries: readonly PageEntry[] = [
  {
    id: 'overview',
    label: msg`Overview`,
    keywords: msg({ message: 'home, dashboard', context: 'search keywords' }),
    to: { to: '/' },
  },
  {
    id: 'users',
    label: msg`Users`,
    keywords: msg({ message: 'people, roles', context: 'search keywords' }),
    to: { to: '/users' },
  },
  {
    id: 'groups',
    label: msg`Groups`,
    keywords: msg({ message: 'group tree, organisation', context: 'search keywords' }),
    to: { to: '/groups' },
  },
  {
    id: 'group-audit',
    label: msg`Group audit log`,
    keywords: msg({ message: 'history, changes', context: 'search keywords' }),
    to: { to: '/groups/audit' },
  },
  {
    id: 'vehicles',
    label: msg`Vehicles`,
    keywords: msg({ message: 'fleet, trucks', context: 'search keywords' }),
    to: { to: '/vehicles' },
  },
  {
    id: 'fleet-map',
    label: msg`Fleet map`,
    keywords: msg({ message: 'positions, locations, where', context: 'search keywords' }),
    to: { to: '/fleet-map' },
  },
  {
    id: 'devices',
    label: msg`Devices`,
    keywords: msg({ message: 'cameras', context: 'search keywords' }),
    to: { to: '/devices' },
  },
  {
    id: 'device-changes',
    label: msg`Device assignment changes`,
    keywords: msg({ message: 'camera moves, history', context: 'search keywords' }),
    to: { to: '/devices', search: { tab: 'changes' } },
  },
  {
    id: 'geofences',
    label: msg`Geofences`,
    keywords: msg({ message: 'map, zones', context: 'search keywords' }),
    to: { to: '/geofences' },
  },
  {
    id: 'activations',
    label: msg`Geofence activations`,
    keywords: msg({ message: 'entered, left', context: 'search keywords' }),
    to: { to: '/geofences/activations' },
  },
  {
    id: 'events',
    label: msg`Safety events`,
    keywords: msg({ message: 'review, videos, queue', context: 'search keywords' }),
    to: { to: '/events' },
  },
  {
    id: 'scorecards',
    label: msg`Scorecards`,
    keywords: msg({ message: 'drivers, ranking, risk, coaching', context: 'search keywords' }),
    to: { to: '/scorecards' },
  },
  {
    id: 'coaching',
    label: msg`Coaching backlog`,
    keywords: msg({ message: 'coach, overdue, backlog', context: 'search keywords' }),
    to: { to: '/coaching' },
  },
  {
    id: 'driver-assignments',
    label: msg`Driver assignments`,
    keywords: msg({ message: 'drivers', context: 'search keywords' }),
    to: { to: '/driver-assignments' },
  },
  {
    id: 'dispatch',
    label: msg`Dispatch upload`,
    keywords: msg({ message: 'schedule', context: 'search keywords' }),
    to: { to: '/dispatch' },
  },
  {
    id: 'settings',
    label: msg`Settings`,
    keywords: msg({
      message: 'preferences, api key, units, time zone',
      context: 'search keywords',
    }),
    to: { to: '/settings' },
  },
];

/** The pages in the chosen language (built on each call: the language can change). */
function pageCommands(): PaletteCommand[] {
  return pageEntries.map(({ id, label, keywords, to }) => ({
    id,
    label: i18n._(label),
    keywords: [i18n._(keywords)],
    kind: 'page',
    target: navigate(to),
  }));
}

/** Every page and action, in the order shown before anything is typed. */
export function paletteCommands({
  colorScheme,
}: {
  colorScheme: 'light' | 'dark';
}): PaletteCommand[] {
  const actions: PaletteCommand[] = [
    {
      id: 'new-user',
      kind: 'action',
      label: t`New user`,
      keywords: [t({ message: 'create, add', context: 'search keywords' })],
      target: navigate({ to: '/users/new' }),
    },
    {
      id: 'new-vehicle',
      kind: 'action',
      label: t`New vehicle`,
      keywords: [t({ message: 'create, add', context: 'search keywords' })],
      target: navigate({ to: '/vehicles/new' }),
    },
    {
      id: 'upload-dispatch',
      kind: 'action',
      label: t`Upload dispatch schedule`,
      keywords: [t({ message: 'csv, excel, import', context: 'search keywords' })],
      target: navigate({ to: '/dispatch' }),
    },
    {
      id: 'keyboard-shortcuts',
      kind: 'action',
      label: t`Keyboard shortcuts`,
      keywords: [t({ message: 'keys, hotkeys, help', context: 'search keywords' })],
      target: command('keyboard-shortcuts'),
    },
    {
      id: 'toggle-theme',
      kind: 'action',
      label: colorScheme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`,
      keywords: [t({ message: 'appearance, colour, color, mode', context: 'search keywords' })],
      target: command('toggle-theme'),
    },
    {
      id: 'sign-out',
      kind: 'action',
      label: t`Sign out`,
      keywords: [t({ message: 'log out, logout', context: 'search keywords' })],
      target: command('sign-out'),
    },
  ];
  return [...actions, ...pageCommands()];
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
