import { useSyncExternalStore } from 'react';
import type { EcmDeployment } from '@/config/config-schema';

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

function readSettings(): EcmAccessSettings {
  if (cached) return cached;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      cached = {
        apiKey: typeof record.apiKey === 'string' ? record.apiKey : '',
        deploymentId: typeof record.deploymentId === 'string' ? record.deploymentId : '',
        customBaseUrl: typeof record.customBaseUrl === 'string' ? record.customBaseUrl : '',
      };
      return cached;
    }
  } catch {
    // Unreadable storage means no key has been set.
  }
  cached = emptySettings;
  return cached;
}

export function getEcmAccessSettings(): EcmAccessSettings {
  return readSettings();
}

export function saveEcmAccessSettings(next: EcmAccessSettings): void {
  cached = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Keep the in-memory value for this tab.
  }
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
  return baseUrl ? { apiKey, baseUrl } : null;
}
