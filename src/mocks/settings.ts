/** Knobs of the fake service, read from the page URL or storage in demo mode, set directly in tests. */
export interface MockSettings {
  /** Grows the seeded company (1, 10 or 100) for performance work. */
  scale: 1 | 10 | 100;
  /** Token lifetime the fake service enforces; short values let tests expire a session. */
  tokenTtlSeconds: number;
  /** Simulated network latency, so loading states are visible in the demo. */
  latencyMs: number;
  /** How long a dispatch submission stays "in progress". */
  dispatchProcessingMs: number;
}

export const defaultMockSettings: MockSettings = {
  scale: 1,
  tokenTtlSeconds: 3600,
  latencyMs: 0,
  dispatchProcessingMs: 4000,
};

export function parseScale(value: unknown): MockSettings['scale'] {
  const number = Number(value);
  return number === 10 || number === 100 ? number : 1;
}
