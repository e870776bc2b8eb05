import type { ConsoleLocale, ShippedLocale } from '@/i18n/locale';

/**
 * The sign-in page's words. That page carries no translation library (its size budget has no
 * room), so its few words are a dictionary: English here, the other languages in
 * sign-in-translations.ts. The build writes them all into index.html (vite.config.ts), for the
 * form index.html draws before the app and for this page to read.
 */
export const englishSignInWords = {
  title: 'Sign in · Fleet Console',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  username: 'Username',
  password: 'Password',
  togglePassword: 'Toggle password visibility',
  sharedComputer: 'This is a shared computer: keep nothing on it',
  sessionNote:
    'Your session lasts one hour; you will be asked for your password again before it ends. Companies that use single sign-on or multi-factor authentication cannot sign in here.',
  signInFailed: 'Sign-in failed',
  cannotReach: 'The console could not reach the service. Check your connection, then try again.',
  enterUsername: 'Enter your username.',
  enterPassword: 'Enter your password.',
  stalled:
    'The console has not finished loading, so you are not signed in yet. Check your connection, then press Sign in again or reload the page.',
  language: 'Language',
  demoAccounts: 'Demo accounts',
  demoIntro: 'This console runs against the built-in demo service. Use one of these accounts:',
  demoFleetManager: 'Fleet manager (Group Manager role)',
  demoDispatcher: 'Dispatcher (no Group Manager role)',
  fillFleetManager: 'Fill in the fleet manager account',
};

export type SignInWords = Record<keyof typeof englishSignInWords, string>;
export type TranslatedLocale = Exclude<ShippedLocale, 'en'>;

/** The element of index.html that holds every language's words, as JSON. */
export const SIGN_IN_WORDS_ELEMENT_ID = 'sign-in-words';

type WrittenWords = Partial<Record<ShippedLocale, Partial<SignInWords>>>;
let written: WrittenWords | null = null;

function writtenWords(): WrittenWords {
  if (written) return written;
  written = {};
  const text = document.getElementById(SIGN_IN_WORDS_ELEMENT_ID)?.textContent;
  if (!text) return written;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) written = parsed;
  } catch {
    // A page without the words shows each word's name; index.html always has them.
  }
  return written;
}

/**
 * The sign-in page's words in a language, read from index.html, where the build wrote them: not
 * even the English ones are in this page's script. English stands in for a word a language lacks.
 */
export function signInWordsFor(locale: ConsoleLocale): (word: keyof SignInWords) => string {
  const all = writtenWords();
  const own = locale === 'pseudo' ? undefined : all[locale];
  return (word) => own?.[word] ?? all.en?.[word] ?? word;
}
