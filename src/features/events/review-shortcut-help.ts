import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShortcutHelp } from '@/components/shortcut-list';
import { translate } from '@/i18n/translate';

/**
 * A shortcut whose keys' names and description are read in the language chosen when shown: these
 * lists are constants, also shown by the console-wide shortcuts dialog.
 */
function shortcut(
  keys: (string | MessageDescriptor)[],
  description: MessageDescriptor,
): ShortcutHelp {
  return {
    get keys() {
      return keys.map((key) => (typeof key === 'string' ? key : translate(key)));
    },
    get description() {
      return translate(description);
    },
  };
}

const ENTER = msg({ message: 'Enter', comment: 'The Enter key, as printed on keyboards' });
const SPACE = msg({ message: 'Space', comment: 'The space bar' });

/** The keys of the safety event queue (the list). */
export const queueShortcutHelp: readonly ShortcutHelp[] = [
  shortcut(['j', '↓'], msg`Select the next event`),
  shortcut(['k', '↑'], msg`Select the previous event`),
  shortcut([ENTER], msg`Open the selected event`),
  shortcut(['x'], msg`Pick or unpick the selected event for an evidence packet`),
  shortcut(['?'], msg`Show this list`),
];

/** The keys of one safety event's page. */
export const eventShortcutHelp: readonly ShortcutHelp[] = [
  shortcut(['j', '↓'], msg`Next event in the queue`),
  shortcut(['k', '↑'], msg`Previous event in the queue`),
  shortcut([SPACE], msg`Play or pause the video`),
  shortcut([','], msg`Previous frame (pauses the video)`),
  shortcut(['.'], msg`Next frame (pauses the video)`),
  shortcut(['?'], msg`Show this list`),
];
