import { useSyncExternalStore } from 'react';
import type { EcmDeployment } from '@/config/config-schema';
import { guardSchema, readStoredJson, writeStoredJson } from './stored-json';

/**
 * The legacy ECM API key and deployment the user chose in Settings. Kept in local storage (it is
 * a per-company key the user pastes once, not a sign-in secret) and shown masked.
 */
export interface EcmAccessSettings {
  apiKey: string;
  deploymentId: string;
  /** Used when deploymentId is 'custom'. */
  customBaseUrl: string;
}

const STORAGE_KEY = 'fleet-console.ecm-access';
export const CUSTOM_DEPLOYMENT_ID = 'custom';

const emptySettings: EcmAccessSettings = { apiKey: '', deploymentId: '', customBaseUrl: '' };
const listeners = new Set<() => void>();
let cached: EcmAccessSettings | null = null;

/** Any of the three may be missing (an older console stored fewer); none may be another type. */
function isStoredSettings(value: unknown): value is Partial<EcmAccessSettings> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return (['apiKey', 'deploymentId', 'customBaseUrl'] as const).every((field) => {
    const fieldValue: unknown = Reflect.get(value, field);
    return fieldValue === undefined || typeof fieldValue === 'string';
  });
}
// A type guard rather than zod: the key is read before the sign-in page draws.
const storedSettingsSchema = guardSchema(isStoredSettings);

function readSettings(): EcmAccessSettings {
  cached ??= {
    ...emptySettings,
    ...readStoredJson('local', STORAGE_KEY, storedSettingsSchema, emptySettings).value,
  };
  return cached;
}

export function getEcmAccessSettings(): EcmAccessSettings {
  return readSettings();
}

export function saveEcmAccessSettings(next: EcmAccessSettings): void {
  cached = next;
  // Where storage is refused the value still holds in memory for this tab.
  writeStoredJson('local', STORAGE_KEY, next);
  for (const listener of listeners) listener();
}

/**
 * Stores `settings` only when this browser holds no choice yet, so a key the user removed (stored
 * as empty) or changed is never put back.
 */
export function presetEcmAccessSettings(settings: EcmAccessSettings): void {
  try {
    if (localStorage.getItem(STORAGE_KEY) !== null) return;
  } catch {
    return;
  }
  saveEcmAccessSettings(settings);
}

export function clearEcmAccessSettings(): void {
  saveEcmAccessSettings(emptySettings);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) {
      cached = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useEcmAccessSettings(): EcmAccessSettings {
  return useSyncExternalStore(subscribe, readSettings);
}

/** The key and base address the API client uses, or null when either is missing. */
/**
 * A web address (http or https) or a path on the console's own origin. Anything else (a
 * `javascript:` or `data:` address, or `//host`, which leaves the origin) is refused where it is
 * entered and where it is read back.
 */
export function isUsableEcmAddress(address: string): boolean {
  return /^(https?:\/\/[^\s/]+(\/\S*)?|\/(?!\/)\S*)$/i.test(address.trim());
}

export function resolveEcmAccess(
  deployments: readonly EcmDeployment[],
  settings: EcmAccessSettings = readSettings(),
): { apiKey: string; baseUrl: string } | null {
  const apiKey = settings.apiKey.trim();
  if (!apiKey) return null;
  const baseUrl =
    settings.deploymentId === CUSTOM_DEPLOYMENT_ID
      ? settings.customBaseUrl.trim().replace(/\/+$/, '')
      : (
          deployments.find((deployment) => deployment.id === settings.deploymentId) ??
          deployments[0]
        )?.baseUrl;
  return baseUrl && isUsableEcmAddress(baseUrl) ? { apiKey, baseUrl } : null;
}
