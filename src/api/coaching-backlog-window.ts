/**
 * The coaching backlog's window unless another is chosen, in days. Its own module: the backlog's
 * address reader needs it before sign-in, and must not bring the event schemas with it.
 */
export const DEFAULT_BACKLOG_DAYS = 90;
