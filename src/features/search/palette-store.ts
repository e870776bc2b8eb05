import { createSpotlight } from '@mantine/spotlight';

/** The palette's open state and selection, outside the palette's own (lazily loaded) code. */
export const [paletteStore, paletteControls] = createSpotlight();

export const PALETTE_HOTKEY = 'mod + K';

/** The palette's shortcut as the keyboard names it: "⌘ K" on Apple keyboards, "Ctrl K" elsewhere. */
export function paletteShortcutLabel(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return /Mac|iPhone|iPad/.test(platform) ? '⌘ K' : 'Ctrl K';
}
