import { z } from 'zod';
import { isStoredTime } from '@/lib/stored-json';

// Without this zod probes `new Function` to speed up parsing, which the Content-Security-Policy
// (no 'unsafe-eval') reports as a violation. Every schema imports zod through this module.
z.config({ jitless: true });

export { z };

/** A time kept in storage: epoch milliseconds that a Date can hold (1e300 is a number, not a time). */
export const storedTimeSchema = z.number().refine(isStoredTime, 'Not a time a date can hold');
