import { abortedError } from './api-error';

/** setTimeout fires at once for a delay past this (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`, or rejects as ABORTED when the signal fires first. */
export async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  // A Retry-After date can lie further ahead than one timer reaches.
  let left = ms;
  do {
    const step = Math.min(left, LONGEST_TIMER_MS);
    await sleepOnce(step, signal);
    left -= step;
  } while (left > 0);
}

function sleepOnce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal.reason));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
