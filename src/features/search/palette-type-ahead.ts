import { paletteControls, paletteStore } from './palette-store';

/**
 * Keys typed between Ctrl+K and the moment the palette's field takes the focus: its code may
 * still be loading, and its dialog opens with an animation. They are held here, kept away from
 * whatever field had the focus, and handed to the palette's field when it has the focus.
 */
let held = '';
/** Enter pressed among the held keys: the palette opens its first result once it has one. */
let enterHeld = false;
let holding = false;
let stopWatchingClose: (() => void) | null = null;

function holdKey(event: KeyboardEvent) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key === 'Escape') {
    // Leaving before the palette showed: it must not open under the user's next keys.
    stopHolding();
    paletteControls.close();
  } else if (event.key === 'Backspace') {
    held = held.slice(0, -1);
  } else if (event.key === 'Enter') {
    // Kept for the palette rather than acting on the page behind it.
    enterHeld = true;
  } else if (event.key.length !== 1) {
    // Tab and arrows would act on the page behind the palette.
    if (event.key !== 'Tab') return;
  } else if (!enterHeld) {
    held += event.key;
  }
  event.preventDefault();
  event.stopPropagation();
}

/** Starts holding keys; the palette's field takes them with `takeHeldKeys` once focused. */
export function holdKeysForPalette(): void {
  if (holding) return;
  holding = true;
  held = '';
  enterHeld = false;
  window.addEventListener('keydown', holdKey, true);
  // Closed before its field was focused (a click outside): the page gets its keys back.
  let wasOpened = paletteStore.getState().opened;
  stopWatchingClose = paletteStore.subscribe((state) => {
    if (wasOpened && !state.opened) stopHolding();
    wasOpened = state.opened;
  });
}

function stopHolding() {
  holding = false;
  window.removeEventListener('keydown', holdKey, true);
  stopWatchingClose?.();
  stopWatchingClose = null;
}

/**
 * The keys held since Ctrl+K, once, and whether Enter was among them (pressed last: the keys
 * typed after it are dropped, as the palette would have closed); holding stops (also when the
 * palette could not load).
 */
export function takeHeldKeys(): { keys: string; enter: boolean } {
  stopHolding();
  const taken = { keys: held, enter: enterHeld };
  held = '';
  enterHeld = false;
  return taken;
}
