import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '@/app/app-layout';
import { redirectBackTo } from '@/lib/safe-redirect';

/** Every page but /login sits under this guard. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    if (!context.runtime.session.isSignedIn()) {
      throw redirect({ to: '/login', search: { redirect: redirectBackTo(location.href) } });
    }
    // The pages speak the chosen language from their first paint: its catalogs load first
    // (the sign-in page has usually loaded them already, while the user typed).
    const [{ activateChosenLocale }, { startKeptData }] = await Promise.all([
      import('@/i18n/catalogs'),
      import('@/app/kept-data'),
    ]);
    // What this user read before is in the cache before the first page asks for it (live mode).
    await Promise.all([
      activateChosenLocale(),
      startKeptData(context.runtime, context.queryClient),
    ]);
  },
  component: AppLayout,
});
