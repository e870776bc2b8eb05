// zod/mini: the same schemas at a fraction of the weight, since this runs before the login page.
import * as z from 'zod/mini';

/** A service address: absolute (https://…) or same-origin (/service/…, for a reverse proxy). */
const serviceAddress = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.refine((value) => value.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(value), {
      message: 'must be an http(s) URL or a path starting with /',
    }),
  ),
  z.transform((value) => value.replace(/\/+$/, '')),
);

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
  id: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  baseUrl: serviceAddress,
});
export type EcmDeployment = z.infer<typeof ecmDeploymentSchema>;

export const runtimeConfigSchema = z.object({
  /** Where POST /api/auth/user lives. */
  authUrl: serviceAddress,
  /** The service base address; the sub-APIs hang below it unless overridden. */
  baseUrl: serviceAddress,
  /** Per-sub-API base overrides, for deployments that split the service. */
  apiBaseOverrides: z._default(z.partialRecord(z.enum(subApiNames), serviceAddress), {}),
  /** The regional deployments of the legacy ECM API; the user picks one in Settings. */
  ecmDeployments: z
    .array(ecmDeploymentSchema)
    .check(z.minLength(1, 'needs at least one deployment')),
  map: z.object({
    tileUrl: z.string().check(
      z.trim(),
      z.refine((value) => value.includes('{z}'), {
        message: 'must contain the {z}/{x}/{y} placeholders',
      }),
    ),
    attribution: z.string().check(z.trim(), z.minLength(1)),
    maxZoom: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(22)), 19),
  }),
  /** Start the in-browser mock service (demo mode) instead of calling the real service. */
  demo: z._default(z.boolean(), false),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
