import { useEffect } from 'react';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { EXPIRY_WARNING_MS } from '@/api/session';
import { useConnection } from '@/api/use-connection';

/**
 * Asks for the password a few minutes before the token runs out, and again when it has. Offline
 * it waits for the connection: a password cannot be checked then, and the pages stay readable
 * from what was kept; back online an expired session asks at once.
 */
export function useSessionExpiryWarning(): void {
  const { session: sessionManager } = useRuntime();
  const { session } = useSessionSnapshot();
  const expiresAt = session?.expiresAt;
  const issuedAt = session?.issuedAt;
  const { online } = useConnection();

  useEffect(() => {
    if (!expiresAt || !issuedAt || !online) return;
    // Short-lived tokens get a proportionally shorter warning, never one at sign-in.
    const warningLead = Math.min(EXPIRY_WARNING_MS, (expiresAt - issuedAt) / 4);
    const untilWarning = expiresAt - warningLead - Date.now();
    const untilExpiry = expiresAt - Date.now();
    const warningTimer = setTimeout(() => sessionManager.warnExpiring(), Math.max(0, untilWarning));
    const expiryTimer = setTimeout(
      () => {
        // Nothing waits on this promise; giving up is handled by the signed-out redirect.
        sessionManager.requestReauthentication().catch(() => undefined);
      },
      Math.max(0, untilExpiry),
    );
    return () => {
      clearTimeout(warningTimer);
      clearTimeout(expiryTimer);
    };
  }, [expiresAt, issuedAt, sessionManager, online]);
}
