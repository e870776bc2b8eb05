// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInTranslations } from './sign-in-translations';
import { englishSignInWords, SIGN_IN_WORDS_ELEMENT_ID } from './sign-in-words';
import { readStaticSignIn, removeStaticSignIn } from './static-sign-in';

// The three parts that must agree: index.html's form, the script that shows it and holds its
// submit, and the reader the app's sign-in page takes it over with.
// Paths from the project's root, where the tests run.
const indexHtml = readFileSync('index.html', 'utf8');
const script = readFileSync('public/static-sign-in.js', 'utf8');
const staticForm = /<main id="static-sign-in"[\s\S]*?<\/main>/.exec(indexHtml)?.[0] ?? '';

/** The page as the browser parses it: the script runs in the head, the form follows. */
function openPage(path: string): void {
  window.history.replaceState(null, '', path);
  new Function(script)();
  document.body.innerHTML = staticForm;
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector(`#static-sign-in [name="${name}"]`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no ${name} field`);
  return element;
}

function submit(): void {
  const form = document.querySelector('#static-sign-in form');
  if (!(form instanceof HTMLFormElement)) throw new Error('no form');
  form.requestSubmit();
}

describe('the sign-in form index.html draws before the app', () => {
  let listeners: { type: string; listener: EventListener }[] = [];
  const addEventListener = document.addEventListener.bind(document);

  beforeEach(() => {
    // The script listens on the document; each test takes its listeners away again.
    document.addEventListener = (type: string, listener: EventListener) => {
      listeners.push({ type, listener });
      addEventListener(type, listener);
    };
  });
  afterEach(() => {
    for (const { type, listener } of listeners) document.removeEventListener(type, listener);
    listeners = [];
    document.addEventListener = addEventListener;
    removeStaticSignIn();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    window.history.replaceState(null, '', '/');
  });

  it('is shown on the sign-in page with no session kept, and read back as typed', () => {
    openPage('/login?redirect=%2Fvehicles');
    expect(staticForm).not.toBe('');
    input('username').value = 'maria.lopez';
    input('password').value = 'secret';
    input('username').focus();
    input('username').setSelectionRange(2, 5, 'backward');

    expect(readStaticSignIn()).toEqual({
      username: 'maria.lopez',
      password: 'secret',
      focus: { control: 'username', selection: { start: 2, end: 5, direction: 'backward' } },
      errors: { username: undefined, password: undefined },
      passwordShown: false,
      sharedComputer: false,
      submitted: false,
    });
  });

  it('passes on "This is a shared computer" and its focus', () => {
    openPage('/login');
    input('sharedComputer').click();
    input('sharedComputer').focus();
    expect(readStaticSignIn()).toMatchObject({
      sharedComputer: true,
      focus: { control: 'sharedComputer', selection: null },
    });
  });

  it('is not shown on another page, nor with a session kept', () => {
    openPage('/vehicles');
    expect(readStaticSignIn()).toBeNull();

    sessionStorage.setItem(
      'fleet-console.session',
      JSON.stringify({ token: 't', username: 'maria.lopez', issuedAt: 1, expiresAt: 2 }),
    );
    openPage('/login');
    expect(readStaticSignIn()).toBeNull();
  });

  it('says what is missing, as the app does, and holds a complete submit for the app', () => {
    openPage('/login');
    input('username').value = 'maria.lopez';
    submit();
    expect(readStaticSignIn()).toMatchObject({
      errors: { username: undefined, password: 'Enter your password.' },
      submitted: false,
    });
    expect(input('password').getAttribute('aria-describedby')).toBe('sign-in-password-error');

    input('password').value = 'secret';
    submit();
    expect(readStaticSignIn()).toMatchObject({ errors: {}, submitted: true });
    expect(input('password').hasAttribute('aria-invalid')).toBe(false);
    expect(document.querySelector('#static-sign-in button[type="submit"]')?.textContent).toBe(
      'Signing in…',
    );
  });

  it('shows the password when its toggle is pressed, and keeps the focus in the field', () => {
    openPage('/login');
    input('password').focus();
    const toggle = document.querySelector('#static-sign-in .reveal');
    if (!(toggle instanceof HTMLButtonElement)) throw new Error('no toggle');
    const mouseDown = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    toggle.dispatchEvent(mouseDown);
    toggle.click();
    expect(mouseDown.defaultPrevented).toBe(true);
    expect(readStaticSignIn()).toMatchObject({
      passwordShown: true,
      focus: { control: 'password' },
    });
  });

  it('takes the stored colour scheme, light when there is none', () => {
    openPage('/login');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    openPage('/login');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it("speaks the language chosen in this browser, else the browser's own", () => {
    // The words the build writes into index.html's head (vite.config.ts).
    const words = document.createElement('script');
    words.type = 'application/json';
    words.id = SIGN_IN_WORDS_ELEMENT_ID;
    words.textContent = JSON.stringify({ en: englishSignInWords, ...signInTranslations });
    document.head.append(words);
    try {
      localStorage.setItem('fleet-console.language', 'fr-CA');
      openPage('/login');
      expect(document.documentElement.lang).toBe('fr-CA');
      expect(document.title).toBe('Connexion · Fleet Console');
      submit();
      expect(readStaticSignIn()?.errors.username).toBe("Entrez votre nom d'utilisateur.");

      localStorage.removeItem('fleet-console.language');
      const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de', 'es-MX']);
      openPage('/login');
      expect(document.documentElement.lang).toBe('es-419');
      languages.mockReturnValue(['C']);
      openPage('/login');
      expect(document.documentElement.lang).toBe('en');
      languages.mockRestore();
    } finally {
      words.remove();
      document.documentElement.lang = 'en';
    }
  });

  it('is gone once taken over', () => {
    openPage('/login');
    removeStaticSignIn();
    expect(readStaticSignIn()).toBeNull();
    expect(document.getElementById('static-sign-in')).toBeNull();
  });
});
