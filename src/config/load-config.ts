import { validateRuntimeConfig, type RuntimeConfig } from './config-schema';

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and validates public/config.json, so one build serves every environment. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new ConfigError(`The configuration file ${url} could not be loaded.`, []);
  }
  if (!response.ok) {
    throw new ConfigError(
      `The configuration file ${url} could not be loaded (HTTP ${response.status}).`,
      [],
    );
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError(`The configuration file ${url} is not valid JSON.`, []);
  }
  return parseRuntimeConfig(raw, url);
}

export function parseRuntimeConfig(raw: unknown, source = 'config.json'): RuntimeConfig {
  const result = validateRuntimeConfig(raw);
  if (!result.ok) {
    throw new ConfigError(`The configuration file ${source} has errors.`, result.problems);
  }
  return result.config;
}

export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof ConfigError || (error instanceof Error && error.name === 'ConfigError');
}

export type { RuntimeConfig };
