// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { getLocale, matchLocale, resetLocaleCache, setLocale, subscribeLocale } from './locale';

afterEach(() => {
  resetLocaleCache();
  window.history.replaceState(null, '', '/');
});

describe('matchLocale', () => {
  it('takes the first browser language the console speaks', () => {
    expect(matchLocale(['de-DE', 'es-MX', 'en-US'])).toBe('es-419');
    expect(matchLocale(['fr', 'en'])).toBe('fr-CA');
    expect(matchLocale(['fr-FR'])).toBe('fr-CA');
    expect(matchLocale(['en-GB', 'fr-CA'])).toBe('en');
  });

  it('speaks English when no language fits, and passes over tags Intl refuses', () => {
    expect(matchLocale(['de-DE', 'ja'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    // WebKitGTK under LANG=C reports "C"; "en_US" is how a POSIX locale spells it.
    expect(matchLocale(['C', 'en_US', 'es-419'])).toBe('es-419');
  });
});

describe('the chosen language', () => {
  it('is kept per browser, marks the page and tells its listeners', () => {
    const heard: string[] = [];
    const stop = subscribeLocale(() => heard.push(getLocale()));
    setLocale('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(localStorage.getItem('fleet-console.language')).toBe('fr-CA');
    expect(heard).toEqual(['fr-CA']);
    stop();
    // A later visit reads the choice back.
    resetLocaleCache();
    expect(getLocale()).toBe('fr-CA');
  });

  it('follows ?lang= in the address, including the pseudo-locale, which formats as English', () => {
    window.history.replaceState(null, '', '/?lang=pseudo');
    expect(getLocale()).toBe('pseudo');
    expect(document.documentElement.lang).toBe('en');
    window.history.replaceState(null, '', '/?lang=klingon');
    resetLocaleCache();
    // An unknown language in the address is ignored: the kept choice stands.
    expect(getLocale()).toBe('pseudo');
  });
});
