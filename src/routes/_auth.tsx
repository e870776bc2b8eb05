import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '@/app/app-layout';
import { redirectBackTo } from '@/lib/safe-redirect';

/** Every page but /login sits under this guard. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (!context.runtime.session.isSignedIn()) {
      throw redirect({ to: '/login', search: { redirect: redirectBackTo(location.href) } });
    }
  },
  component: AppLayout,
});
