import type { RequestHandler } from 'msw';

/**
 * Every route of the fake service. Literal segments come before `:param` routes of the same
 * prefix (CONTRACT.md 2.6); origins are wildcards so any configured base address matches.
 */
export const handlers: RequestHandler[] = [];
