import { useContext, useEffect } from 'react';
import { RuntimeContext } from './runtime-context';

/**
 * Tells the session that this form holds unsaved changes while `unsaved` is true, so signing out
 * (here or in another tab) asks first and another tab's sign-out keeps them on screen.
 */
export function useUnsavedWork(unsaved: boolean): void {
  // Optional: component tests render forms without a runtime.
  const session = useContext(RuntimeContext)?.session;
  useEffect(() => {
    if (!unsaved || !session) return;
    return session.holdUnsavedWork();
  }, [unsaved, session]);
}
