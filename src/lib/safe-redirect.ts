/** Only same-origin paths may be redirect targets after sign-in (no open redirects). */
export function safeRedirectTarget(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  if (target === '/login' || target.startsWith('/login?')) return '/';
  return target;
}
