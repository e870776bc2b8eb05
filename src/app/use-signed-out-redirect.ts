import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionSnapshot } from '@/api/runtime-context';
import { redirectBackTo } from '@/lib/safe-redirect';

/** Signing out here or in another tab (or giving up on re-authentication) returns to /login. */
export function useSignedOutRedirect() {
  const { session } = useSessionSnapshot();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session) return;
    queryClient.clear();
    // Read once, not subscribed: while the login page loads, the location is already /login, and
    // reacting to it would wrap login addresses into each other without end.
    const { pathname, href } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate({
      to: '/login',
      search: { redirect: redirectBackTo(href) },
      replace: true,
    });
  }, [session, router, queryClient]);
}
