import { useEffect, useState } from 'react';

/**
 * For dialogs rendered only while open: Mantine returns focus when `opened` turns false, which a
 * dialog that simply unmounts never does, so focus would fall to the page body.
 */
export function useReturnFocusOnUnmount(): void {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(
    () => () => {
      const focused = document.activeElement;
      const focusLost = focused === null || focused === document.body || !focused.isConnected;
      if (opener?.isConnected && focusLost) opener.focus({ preventScroll: true });
    },
    [opener],
  );
}
