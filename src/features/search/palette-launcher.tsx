import { t } from '@lingui/core/macro';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import type { CommandPaletteProps } from './command-palette';
import { PALETTE_HOTKEY, paletteControls, paletteStore } from './palette-store';
import { holdKeysForPalette, takeHeldKeys } from './palette-type-ahead';

/** Loads the palette's code; called ahead of need when the pointer or focus reaches its button. */
const loadCommandPalette = () => import('./command-palette');

function PaletteUnavailable(_props: CommandPaletteProps) {
  return null;
}

const LazyCommandPalette = lazy(() =>
  loadCommandPalette()
    .then((module): { default: ComponentType<CommandPaletteProps> } => ({
      default: module.CommandPalette,
    }))
    .catch(() => {
      takeHeldKeys();
      // A new release replaced the code this tab was loaded with, or the network dropped.
      notifications.show({
        color: 'red',
        message: t`Search could not be loaded. Reload the page to try again.`,
      });
      return { default: PaletteUnavailable };
    }),
);

/**
 * Ctrl+K or Cmd+K anywhere in the signed-in console opens the palette, in a field too (as in
 * other consoles). Its code loads on first use, so pages that never search do not pay for it.
 */
export function useCommandPaletteLauncher() {
  const [requested, setRequested] = useState(false);
  const open = useCallback(() => {
    // Typed before the palette's field has the focus, keys would be lost or land on the page.
    if (!paletteStore.getState().opened) holdKeysForPalette();
    setRequested(true);
    paletteControls.open();
  }, []);
  useHotkeys([[PALETTE_HOTKEY, open]], [], true);
  const preload = useCallback(() => void loadCommandPalette().catch(() => undefined), []);
  return { requested, open, preload };
}

/** The palette once it has been asked for; kept mounted after, so its indexes stay warm. */
export function CommandPaletteHost({
  requested,
  ...props
}: CommandPaletteProps & { requested: boolean }) {
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyCommandPalette {...props} />
    </Suspense>
  );
}
