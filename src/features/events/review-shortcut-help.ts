import type { ShortcutHelp } from '@/components/shortcut-list';

/** The keys of the safety event queue (the list). */
export const queueShortcutHelp: readonly ShortcutHelp[] = [
  { keys: ['j', '↓'], description: 'Select the next event' },
  { keys: ['k', '↑'], description: 'Select the previous event' },
  { keys: ['Enter'], description: 'Open the selected event' },
  { keys: ['x'], description: 'Pick or unpick the selected event for an evidence packet' },
  { keys: ['?'], description: 'Show this list' },
];

/** The keys of one safety event's page. */
export const eventShortcutHelp: readonly ShortcutHelp[] = [
  { keys: ['j', '↓'], description: 'Next event in the queue' },
  { keys: ['k', '↑'], description: 'Previous event in the queue' },
  { keys: ['Space'], description: 'Play or pause the video' },
  { keys: [','], description: 'Previous frame (pauses the video)' },
  { keys: ['.'], description: 'Next frame (pauses the video)' },
  { keys: ['?'], description: 'Show this list' },
];
