import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';

/** The fake service for Vitest (msw/node); the same handlers as the demo worker. */
export const mockServer = setupServer(...handlers);
