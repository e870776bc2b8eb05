import { describe, expect, it } from 'vitest';
import { resolveEcmAccess } from '@/lib/ecm-access';
import { ecmAccessChanged, normalizeEcmAccess, validateEcmAccess } from './ecm-access-form';

const base = { apiKey: 'demo-ecm-key-7f3a9c', deploymentId: 'prod2.ph', customBaseUrl: '' };

describe('ECM access form', () => {
  it('needs a key without spaces', () => {
    expect(validateEcmAccess(base)).toEqual({});
    expect(validateEcmAccess({ ...base, apiKey: '  ' }).apiKey).toMatch(/Enter the API key/);
    expect(validateEcmAccess({ ...base, apiKey: 'abc def' }).apiKey).toMatch(/no spaces/);
  });

  it('needs an http(s) address or a path for a custom deployment', () => {
    const custom = { ...base, deploymentId: 'custom' };
    expect(validateEcmAccess(custom).customBaseUrl).toBe('Enter the address of the legacy API.');
    expect(validateEcmAccess({ ...custom, customBaseUrl: 'ftp://x/ecm' }).customBaseUrl).toMatch(
      /https:\/\//,
    );
    expect(validateEcmAccess({ ...custom, customBaseUrl: 'https://ecm.example.com/ecm' })).toEqual(
      {},
    );
    expect(validateEcmAccess({ ...custom, customBaseUrl: '/service/ecm/custom' })).toEqual({});
    for (const leavesTheWeb of [
      'javascript:alert(1)//x',
      'data:text/html,x',
      '//evil.example/ecm',
    ]) {
      expect(validateEcmAccess({ ...custom, customBaseUrl: leavesTheWeb }).customBaseUrl).toMatch(
        /web address/,
      );
    }
  });

  it('does not use a stored address that is not a web address', () => {
    const stored = { ...base, deploymentId: 'custom', customBaseUrl: 'javascript:alert(1)' };
    expect(resolveEcmAccess([], stored)).toBeNull();
    expect(resolveEcmAccess([], { ...stored, customBaseUrl: 'https://ecm.example.com' })).toEqual({
      apiKey: base.apiKey,
      baseUrl: 'https://ecm.example.com',
    });
  });

  it('stores a trimmed key and drops a custom address the chosen deployment does not use', () => {
    expect(normalizeEcmAccess({ ...base, apiKey: ' k ', customBaseUrl: 'https://x' })).toEqual({
      ...base,
      apiKey: 'k',
    });
    expect(
      normalizeEcmAccess({ ...base, deploymentId: 'custom', customBaseUrl: 'https://x/ecm//' }),
    ).toMatchObject({ customBaseUrl: 'https://x/ecm' });
  });

  it('notices only changes that send requests elsewhere or with another key', () => {
    expect(ecmAccessChanged(base, { ...base, apiKey: ` ${base.apiKey} ` })).toBe(false);
    expect(ecmAccessChanged(base, { ...base, customBaseUrl: 'https://ignored' })).toBe(false);
    expect(ecmAccessChanged(base, { ...base, deploymentId: 'prod5.ph' })).toBe(true);
    expect(ecmAccessChanged(base, { ...base, apiKey: 'other' })).toBe(true);
  });
});
