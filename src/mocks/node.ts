import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';
import { setClipLoader } from './media';
import { nodeClipLoader } from './media-node';

/** The fake service for Vitest (msw/node); the same handlers as the demo worker. */
export const mockServer = setupServer(...handlers);
setClipLoader(nodeClipLoader);
