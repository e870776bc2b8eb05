import { z } from 'zod';

// Without this zod probes `new Function` to speed up parsing, which the Content-Security-Policy
// (no 'unsafe-eval') reports as a violation. Every schema imports zod through this module.
z.config({ jitless: true });

export { z };
