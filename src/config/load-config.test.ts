import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseRuntimeConfig } from './load-config';

const shipped: unknown = JSON.parse(readFileSync('public/config.json', 'utf8'));

describe('runtime config', () => {
  it('accepts the shipped public/config.json and fills defaults', () => {
    const config = parseRuntimeConfig(shipped);
    expect(config.demo).toBe(true);
    expect(config.ecmDeployments).toHaveLength(5);
    expect(config.apiBaseOverrides).toEqual({});
  });

  it('trims trailing slashes from addresses', () => {
    const config = parseRuntimeConfig({
      ...(shipped as object),
      baseUrl: 'https://api.example.com/',
    });
    expect(config.baseUrl).toBe('https://api.example.com');
  });

  it('names every problem of an invalid file', () => {
    try {
      parseRuntimeConfig({
        authUrl: 'login.example.com',
        ecmDeployments: [],
        map: { tileUrl: 'x' },
      });
      expect.unreachable('an invalid config must throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/authUrl: must be an http\(s\) URL/);
      expect(problems).toMatch(/baseUrl/);
      expect(problems).toMatch(/ecmDeployments: needs at least one deployment/);
      expect(problems).toMatch(/map\.tileUrl: must contain the \{z\}/);
    }
  });

  it('takes an optional place search address, and says what is wrong with a bad one', () => {
    expect(parseRuntimeConfig(shipped).geocoderUrl).toBe(
      'https://nominatim.openstreetmap.org/search',
    );
    const { geocoderUrl: _left, ...withoutGeocoder } = shipped as Record<string, unknown>;
    expect(parseRuntimeConfig(withoutGeocoder).geocoderUrl).toBeNull();
    expect(
      parseRuntimeConfig({ ...withoutGeocoder, geocoderUrl: '/service/places/search/' })
        .geocoderUrl,
    ).toBe('/service/places/search');
    try {
      parseRuntimeConfig({ ...withoutGeocoder, geocoderUrl: 'nominatim.example.com' });
      expect.unreachable('an address without a scheme must throw');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'geocoderUrl: must be an http(s) URL or a path starting with /',
      ]);
    }
  });

  it('rejects an unknown sub-API override', () => {
    expect(() =>
      parseRuntimeConfig({ ...(shipped as object), apiBaseOverrides: { billing: 'https://x' } }),
    ).toThrow(ConfigError);
  });
});
