/**
 * The runtime config (public/config.json). Checked by hand rather than with a schema library:
 * it is read before the sign-in page, where every kilobyte counts, and the shape is small.
 */

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

export interface EcmDeployment {
  id: string;
  label: string;
  baseUrl: string;
}

export interface RuntimeConfig {
  /** Where POST /api/auth/user lives. */
  authUrl: string;
  /** The service base address; the sub-APIs hang below it unless overridden. */
  baseUrl: string;
  /** Per-sub-API base overrides, for deployments that split the service. */
  apiBaseOverrides: Partial<Record<SubApiName, string>>;
  /** The regional deployments of the legacy ECM API; the user picks one in Settings. */
  ecmDeployments: EcmDeployment[];
  map: { tileUrl: string; attribution: string; maxZoom: number };
  /**
   * A Nominatim-compatible place search (GET ?q=…&format=jsonv2&limit=…) for "Find a place" on
   * the geofence map; null when none is set up, and places cannot be searched.
   */
  geocoderUrl: string | null;
  /** Start the in-browser mock service (demo mode) instead of calling the real service. */
  demo: boolean;
}

export type ConfigValidation =
  { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Collects every problem (path: message) instead of stopping at the first. */
export function validateRuntimeConfig(raw: unknown): ConfigValidation {
  const problems: string[] = [];
  const problem = (path: string, message: string) => problems.push(`${path}: ${message}`);

  /** An http(s) URL or a same-origin path (/service/…, for a reverse proxy); no trailing slash. */
  const address = (value: unknown, path: string): string => {
    if (typeof value !== 'string' || !value.trim()) {
      problem(path, 'must be an http(s) URL or a path starting with /');
      return '';
    }
    const trimmed = value.trim();
    if (!trimmed.startsWith('/') && !/^https?:\/\/[^\s]+$/i.test(trimmed)) {
      problem(path, 'must be an http(s) URL or a path starting with /');
    }
    return trimmed.replace(/\/+$/, '');
  };
  const text = (value: unknown, path: string): string => {
    if (typeof value !== 'string' || !value.trim()) {
      problem(path, 'must be a non-empty string');
      return '';
    }
    return value.trim();
  };

  if (!isObject(raw)) return { ok: false, problems: ['(root): must be a JSON object'] };

  const overrides: Partial<Record<SubApiName, string>> = {};
  if (raw.apiBaseOverrides !== undefined) {
    if (!isObject(raw.apiBaseOverrides)) {
      problem('apiBaseOverrides', 'must be an object');
    } else {
      for (const [name, value] of Object.entries(raw.apiBaseOverrides)) {
        if ((subApiNames as readonly string[]).includes(name)) {
          overrides[name as SubApiName] = address(value, `apiBaseOverrides.${name}`);
        } else {
          problem(`apiBaseOverrides.${name}`, `is not a sub-API (${subApiNames.join(', ')})`);
        }
      }
    }
  }

  const deployments: EcmDeployment[] = [];
  if (!Array.isArray(raw.ecmDeployments) || raw.ecmDeployments.length === 0) {
    problem('ecmDeployments', 'needs at least one deployment');
  } else {
    raw.ecmDeployments.forEach((entry: unknown, index) => {
      const path = `ecmDeployments.${index}`;
      const fields = isObject(entry) ? entry : {};
      deployments.push({
        id: text(fields.id, `${path}.id`),
        label: text(fields.label, `${path}.label`),
        baseUrl: address(fields.baseUrl, `${path}.baseUrl`),
      });
    });
  }

  const map = isObject(raw.map) ? raw.map : {};
  if (!isObject(raw.map)) problem('map', 'must be an object with tileUrl and attribution');
  const tileUrl = text(map.tileUrl, 'map.tileUrl');
  if (tileUrl && !tileUrl.includes('{z}')) {
    problem('map.tileUrl', 'must contain the {z}/{x}/{y} placeholders');
  }
  let maxZoom = 19;
  if (map.maxZoom !== undefined) {
    if (
      typeof map.maxZoom === 'number' &&
      Number.isInteger(map.maxZoom) &&
      map.maxZoom >= 1 &&
      map.maxZoom <= 22
    ) {
      maxZoom = map.maxZoom;
    } else {
      problem('map.maxZoom', 'must be a whole number from 1 to 22');
    }
  }

  // Optional: without it the map says why places cannot be searched.
  const geocoderUrl =
    raw.geocoderUrl === undefined || raw.geocoderUrl === null
      ? null
      : address(raw.geocoderUrl, 'geocoderUrl');

  if (raw.demo !== undefined && typeof raw.demo !== 'boolean')
    problem('demo', 'must be true or false');

  const config: RuntimeConfig = {
    authUrl: address(raw.authUrl, 'authUrl'),
    baseUrl: address(raw.baseUrl, 'baseUrl'),
    apiBaseOverrides: overrides,
    ecmDeployments: deployments,
    map: { tileUrl, attribution: text(map.attribution, 'map.attribution'), maxZoom },
    geocoderUrl,
    demo: raw.demo === true,
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}
