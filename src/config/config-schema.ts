import { z } from 'zod';

/** A service address: absolute (https://…) or same-origin (/service/…, for a reverse proxy). */
const serviceAddress = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine((value) => value.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'must be an http(s) URL or a path starting with /',
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** The sub-APIs of the service, each of which may live at its own base address. */
export const subApiNames = [
  'users',
  'groups',
  'devices',
  'vehicles',
  'safety',
  'geofences',
  'driverAssignments',
] as const;
export type SubApiName = (typeof subApiNames)[number];

const ecmDeploymentSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  baseUrl: serviceAddress,
});
export type EcmDeployment = z.infer<typeof ecmDeploymentSchema>;

export const runtimeConfigSchema = z.object({
  /** Where POST /api/auth/user lives. */
  authUrl: serviceAddress,
  /** The service base address; the sub-APIs hang below it unless overridden. */
  baseUrl: serviceAddress,
  /** Per-sub-API base overrides, for deployments that split the service. */
  apiBaseOverrides: z.partialRecord(z.enum(subApiNames), serviceAddress).default({}),
  /** The regional deployments of the legacy ECM API; the user picks one in Settings. */
  ecmDeployments: z.array(ecmDeploymentSchema).min(1, 'needs at least one deployment'),
  map: z.object({
    tileUrl: z.string().trim().min(1).refine((value) => value.includes('{z}'), {
      message: 'must contain the {z}/{x}/{y} placeholders',
    }),
    attribution: z.string().trim().min(1),
    maxZoom: z.number().int().min(1).max(22).default(19),
  }),
  /** Start the in-browser mock service (demo mode) instead of calling the real service. */
  demo: z.boolean().default(false),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
