const LOGIN_PATH = '/login';

/** Whether an address is the sign-in page (with or without its search). */
export function isSignInAddress(target: string): boolean {
  return target === LOGIN_PATH || /^\/login[?#]/.test(target);
}

/** Outside a browser (unit tests) any origin will do: targets are only compared with it. */
function pageOrigin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/**
 * The address as this origin's router should receive it, or null when it leads elsewhere. It is
 * read the way the browser reads it (tabs and newlines dropped, `\\` as `/`) and comes back
 * percent-encoded, so text like "Łukasz" can travel in a header.
 */
function sameOriginAddress(target: string, origin: string): URL | null {
  if (!target.startsWith('/')) return null;
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * Only same-origin paths may be redirect targets after sign-in (no open redirects); anything else
 * is the overview. A login address left over from an older loop is unwrapped to the page it was
 * guarding.
 */
export function safeRedirectTarget(
  target: string | undefined,
  origin: string = pageOrigin(),
): string {
  let current = target;
  // Bounded: a crafted address cannot keep this busy.
  for (let depth = 0; depth < 5; depth++) {
    const url = current === undefined ? null : sameOriginAddress(current, origin);
    if (!url) return '/';
    if (url.pathname !== LOGIN_PATH) return `${url.pathname}${url.search}${url.hash}`;
    current = url.searchParams.get('redirect') ?? undefined;
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
