import { useEffect, useEffectEvent } from 'react';

export type ShortcutAction =
  'next' | 'previous' | 'open' | 'pick' | 'togglePlay' | 'previousFrame' | 'nextFrame' | 'help';

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Inputs nobody types into: j and k still move through the queue from a row's pick box. */
const NOT_TYPED_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
]);
/** Controls that already answer Enter or space themselves. */
const ACTIVATES_ITSELF =
  'a[href], button, summary, video, audio, input[type="checkbox"], input[type="radio"], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="option"], [role="menuitem"], [role="tab"], [role="radio"]';
/** Controls that already answer the arrow keys themselves. */
const USES_ARROWS =
  'video, audio, [role="menu"], [role="menuitem"], [role="listbox"], [role="option"], [role="tablist"], [role="tab"], [role="radiogroup"], [role="radio"], [role="slider"]';

type ShortcutKeyEvent = Pick<
  KeyboardEvent,
  'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'defaultPrevented' | 'isComposing'
>;

/** The review action a key press asks for, or null when it belongs to something else. */
export function readShortcut(event: ShortcutKeyEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing) return null;
  // Browser and system shortcuts (Ctrl+K, Alt+Left …) stay theirs.
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target && (isTypedInto(target) || isEditable(target))) return null;
  const owns = (selector: string) => target?.closest(selector) != null;
  // A dialog owns its keys: j must not leave the page under an evidence packet being built.
  if (owns('[role="dialog"], [aria-modal="true"]')) return null;
  switch (event.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'x':
      return 'pick';
    case 'ArrowDown':
      return owns(USES_ARROWS) ? null : 'next';
    case 'ArrowUp':
      return owns(USES_ARROWS) ? null : 'previous';
    case 'Enter':
      return owns(ACTIVATES_ITSELF) ? null : 'open';
    case ' ':
      return owns(ACTIVATES_ITSELF) ? null : 'togglePlay';
    // The keys video players commonly use to step one frame while paused.
    case ',':
      return 'previousFrame';
    case '.':
      return 'nextFrame';
    case '?':
      return 'help';
    default:
      return null;
  }
}

function isTypedInto(element: Element): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TYPED_INPUTS.has(element.type);
  return TYPING_TAGS.has(element.tagName);
}

function isEditable(element: Element): boolean {
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || !!element.closest('[contenteditable="true"]'))
  );
}

/** Runs the page's handler for each review shortcut; off while `enabled` is false (e.g. a dialog). */
export function useReviewShortcuts(
  handlers: Partial<Record<ShortcutAction, () => void>>,
  enabled = true,
): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const action = readShortcut(event);
    const handler = action ? handlers[action] : undefined;
    if (!handler) return;
    event.preventDefault();
    handler();
  });
  useEffect(() => {
    if (!enabled) return;
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
