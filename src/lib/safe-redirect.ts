const LOGIN_PATH = '/login';

/** Whether an address is the sign-in page (with or without its search). */
export function isSignInAddress(target: string): boolean {
  return target === LOGIN_PATH || /^\/login[?#]/.test(target);
}

function isSameOriginPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/**
 * Only same-origin paths may be redirect targets after sign-in (no open redirects). A login
 * address left over from an older loop is unwrapped to the page it was guarding.
 */
export function safeRedirectTarget(target: string | undefined): string {
  let current = target;
  // Bounded: a crafted address cannot keep this busy.
  for (let depth = 0; depth < 5; depth++) {
    if (!current || !isSameOriginPath(current)) return '/';
    if (!isSignInAddress(current)) return current;
    current =
      new URLSearchParams(current.slice(LOGIN_PATH.length).split('#')[0]).get('redirect') ??
      undefined;
  }
  return '/';
}

/**
 * The `redirect` to put on /login for the page being left, or none when that page is the login
 * page itself (nesting login addresses is how sign-out used to loop).
 */
export function redirectBackTo(href: string): string | undefined {
  const target = safeRedirectTarget(href);
  return target === '/' && href !== '/' ? undefined : target;
}
