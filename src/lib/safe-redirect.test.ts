import { describe, expect, it } from 'vitest';
import { redirectBackTo, safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths with their search', () => {
    expect(safeRedirectTarget('/vehicles?page=2')).toBe('/vehicles?page=2');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'vehicles', undefined])(
    'refuses %s',
    (target) => expect(safeRedirectTarget(target)).toBe('/'),
  );

  it('writes non-Latin-1 text percent-encoded, so it can travel in a header', () => {
    const target = safeRedirectTarget('/users?q=Łukasz#Łódź');
    expect(target).toBe('/users?q=%C5%81ukasz#%C5%81%C3%B3d%C5%BA');
    expect(() => new Headers({ Location: target })).not.toThrow();
  });

  it('reads tabs and newlines as the browser does: dropped, then judged by where it leads', () => {
    expect(safeRedirectTarget('/vehi\tcles\n?page=2')).toBe('/vehicles?page=2');
    expect(safeRedirectTarget('/\t/evil.example/')).toBe('/');
    expect(safeRedirectTarget('/\n\\evil.example')).toBe('/');
  });

  it('unwraps login addresses to the page they guard', () => {
    const nested = `/login?redirect=${encodeURIComponent(`/login?redirect=${encodeURIComponent('/vehicles?page=2')}`)}`;
    expect(safeRedirectTarget(nested)).toBe('/vehicles?page=2');
    expect(safeRedirectTarget('/login')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=https://evil.example/')).toBe('/');
  });
});

describe('redirectBackTo', () => {
  it('names the page being left, never a login page', () => {
    expect(redirectBackTo('/vehicles?page=2')).toBe('/vehicles?page=2');
    expect(redirectBackTo('/')).toBe('/');
    expect(redirectBackTo('/login?redirect=%2Fvehicles')).toBe('/vehicles');
    expect(redirectBackTo('/login')).toBeUndefined();
  });
});
