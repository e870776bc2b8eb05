import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { routeSearch } from '@/lib/search-params';

// A plain function rather than a schema keeps zod off the sign-in page.
const validateSearch = routeSearch((search: Record<string, unknown>): { redirect?: string } =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
);

export const Route = createFileRoute('/login')({
  validateSearch,
  beforeLoad: ({ context, search }) => {
    if (context.runtime.session.isSignedIn()) {
      throw redirect({ href: safeRedirectTarget(search.redirect) });
    }
  },
  component: LoginPage,
});
