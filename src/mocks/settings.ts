import { z } from '@/api/zod';

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

/** What each knob may be. */
const mockSettingsSchema = z.object({
  scale: z.union([z.literal(1), z.literal(10), z.literal(100)]),
  tokenTtlSeconds: z.number().positive(),
  latencyMs: z.number().min(0),
  dispatchProcessingMs: z.number().min(0),
}) satisfies z.ZodType<MockSettings>;

/** A change to some knobs (the HTTP service's PUT /__service/settings): every one given must read. */
export const mockSettingsChangeSchema = mockSettingsSchema.partial();

/** Knobs kept in storage, each on its own: one that does not read is left out, to its default. */
export const storedMockSettingsSchema = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((stored) =>
    Object.fromEntries(
      Object.entries(mockSettingsSchema.shape).flatMap(([name, knob]) => {
        const read = knob.safeParse(stored[name]);
        return read.success ? [[name, read.data]] : [];
      }),
    ),
  )
  .pipe(mockSettingsChangeSchema);
