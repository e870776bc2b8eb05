import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { describeError } from '@/api/api-error';
import { useRuntime, useSessionSnapshot } from '@/api/runtime-context';
import { demoAccounts } from '@/config/demo-accounts';
import {
  localeNames,
  setLocale,
  shippedLocales,
  useLocale,
  type ShippedLocale,
} from '@/i18n/locale';
import { preloadPageCode } from '@/lib/preload-page-code';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { signInWordsFor } from './sign-in-words';
import { readStaticSignIn, removeStaticSignIn, type SignInControl } from './static-sign-in';

const loginRoute = getRouteApi('/login');

/** The chosen language's catalogs, loaded and applied (once; later calls share the load). */
function loadCatalogs(): Promise<void> {
  return import('@/i18n/catalogs').then(({ activateChosenLocale }) => activateChosenLocale());
}
/** The longest the next page's code waits for an idle moment (Safari has no idle callback). */
const PRELOAD_AFTER_MS = 1000;

/**
 * The sign-in page, in plain elements styled by index.html (class `sign-in-page`): the form that
 * file draws before the app loads looks the same, and this page takes it over (no UI library on
 * the first visit's path).
 */
export function LoginPage() {
  const { session, demo } = useRuntime();
  const locale = useLocale();
  const word = signInWordsFor(locale);
  // The tab says where it is, in the chosen language; the signed-in pages keep the console's name.
  const title = word('title');
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = 'Fleet Console';
    };
  }, [title]);
  const { redirect } = loginRoute.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // The two fields as one value: they are filled together (the static form, a demo account).
  const [typed, setTyped] = useState({ username: '', password: '' });
  const { username, password } = typed;
  const setUsername = (value: string) => setTyped((current) => ({ ...current, username: value }));
  const setPassword = (value: string) => setTyped((current) => ({ ...current, password: value }));
  const [passwordShown, setPasswordShown] = useState(false);
  const [sharedComputer, setSharedComputer] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const signedIn = !!useSessionSnapshot().session;
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const sharedComputerBox = useRef<HTMLInputElement>(null);

  // Signing in here or in another tab leaves this page for the one it was guarding.
  // Once: while the next page loads this one is still mounted, and its search no longer applies.
  const leaving = useRef(false);
  const leave = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    void navigate({ href: safeRedirectTarget(redirect), replace: true });
  }, [navigate, redirect]);
  useEffect(() => {
    if (signedIn && !submitting) leave();
  }, [signedIn, submitting, leave]);

  // The next page's code (its loader too) and the language's catalogs load while the user types (once this page is idle), so
  // signing in waits for the token alone and the router never waits on a chunk to show the page;
  // the submit asks again in case that has not happened yet.
  useEffect(() => {
    const preload = () => {
      preloadPageCode(router, safeRedirectTarget(redirect));
      // The chosen language's catalogs too: messages shown right after signing in are translated.
      void loadCatalogs().catch(() => {
        // Offline: a failure is worded from this page's own words (see signIn).
      });
    };
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(preload, { timeout: PRELOAD_AFTER_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [router, redirect]);

  const signIn = async (credentials: {
    username: string;
    password: string;
    sharedComputer: boolean;
  }) => {
    if (submitting) return;
    const errors = {
      username: credentials.username.trim() ? undefined : word('enterUsername'),
      password: credentials.password ? undefined : word('enterPassword'),
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    setSubmitting(true);
    setFailure(null);
    preloadPageCode(router, safeRedirectTarget(redirect));
    try {
      await session.signIn(credentials.username.trim(), credentials.password, {
        sharedComputer: credentials.sharedComputer,
      });
      leave();
    } catch (error) {
      // The API client words its errors from the catalogs, which load while the user types; if
      // they cannot load (no connection), this page's own words say so.
      const worded = await loadCatalogs().then(
        () => describeError(error),
        () => word('cannotReach'),
      );
      setFailure(worded);
      setPassword('');
    } finally {
      setSubmitting(false);
    }
  };

  // The form index.html drew took input while the app loaded: this page takes its place in the
  // same frame, with what was typed, the focus and caret, its errors and a submit it held.
  const takeOverStaticForm = useEffectEvent(() => {
    const typedBefore = readStaticSignIn();
    removeStaticSignIn();
    if (!typedBefore) return;
    // Written to the fields first, so the render that follows finds them equal and leaves the
    // caret where it was.
    if (usernameInput.current) usernameInput.current.value = typedBefore.username;
    if (passwordInput.current) passwordInput.current.value = typedBefore.password;
    setTyped({ username: typedBefore.username, password: typedBefore.password });
    setPasswordShown(typedBefore.passwordShown);
    setSharedComputer(typedBefore.sharedComputer);
    setFieldErrors(typedBefore.errors);
    if (typedBefore.focus) {
      const controls: Record<SignInControl, HTMLInputElement | HTMLButtonElement | null> = {
        username: usernameInput.current,
        password: passwordInput.current,
        sharedComputer: sharedComputerBox.current,
        submit: submitButton.current,
      };
      const control = controls[typedBefore.focus.control];
      control?.focus();
      const { selection } = typedBefore.focus;
      if (control instanceof HTMLInputElement && selection) {
        control.setSelectionRange(selection.start, selection.end, selection.direction);
      }
    }
    if (typedBefore.submitted) void signIn(typedBefore);
  });
  // Its state comes from outside React (that form's DOM), read in the frame this page first draws.
  useLayoutEffect(() => takeOverStaticForm(), []);

  return (
    <main className="sign-in-page">
      <div className="stack">
        <h1>Fleet Console</h1>
        <div className="paper">
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              void signIn({ username, password, sharedComputer });
            }}
            noValidate
          >
            <div className="stack">
              <h2>{word('signIn')}</h2>
              {failure && (
                <div
                  className="alert"
                  role="alert"
                  aria-labelledby="sign-in-failure-title"
                  aria-describedby="sign-in-failure"
                >
                  <p className="alert-title" id="sign-in-failure-title">
                    {word('signInFailed')}
                  </p>
                  <p id="sign-in-failure">{failure}</p>
                </div>
              )}
              <Field id="sign-in-username" label={word('username')} error={fieldErrors.username}>
                {(described) => (
                  <input
                    ref={usernameInput}
                    id="sign-in-username"
                    name="username"
                    autoComplete="username"
                    value={username}
                    onChange={(event) => setUsername(event.currentTarget.value)}
                    {...described}
                  />
                )}
              </Field>
              <Field id="sign-in-password" label={word('password')} error={fieldErrors.password}>
                {(described) => (
                  <>
                    <input
                      ref={passwordInput}
                      id="sign-in-password"
                      name="password"
                      type={passwordShown ? 'text' : 'password'}
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.currentTarget.value)}
                      {...described}
                    />
                    <button
                      type="button"
                      className="reveal"
                      aria-label={word('togglePassword')}
                      aria-pressed={passwordShown}
                      tabIndex={-1}
                      // The field keeps the focus, as with Mantine's toggle.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => setPasswordShown((shown) => !shown)}
                    >
                      <svg
                        viewBox="0 0 24 24"
                        aria-hidden="true"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
                        <circle cx="12" cy="12" r="3" />
                        <path className="slash" d="M3 3l18 18" />
                      </svg>
                    </button>
                  </>
                )}
              </Field>
              <label className="shared">
                <input
                  ref={sharedComputerBox}
                  type="checkbox"
                  name="sharedComputer"
                  checked={sharedComputer}
                  onChange={(event) => setSharedComputer(event.currentTarget.checked)}
                />
                <span>{word('sharedComputer')}</span>
              </label>
              <button
                ref={submitButton}
                type="submit"
                className="submit"
                // Still focusable while busy, so the focus stays where the user left it.
                aria-disabled={submitting || undefined}
              >
                {submitting ? word('signingIn') : word('signIn')}
              </button>
              <p className="note">{word('sessionNote')}</p>
            </div>
          </form>
        </div>
        <div className="language">
          <label htmlFor="sign-in-language">{word('language')}</label>
          <select
            id="sign-in-language"
            value={locale === 'pseudo' ? 'en' : locale}
            onChange={(event) => {
              const chosen = shippedLocales.find((each) => each === event.currentTarget.value);
              if (chosen) setLocale(chosen);
            }}
          >
            {shippedLocales.map((each: ShippedLocale) => (
              <option key={each} value={each} lang={each}>
                {localeNames[each]}
              </option>
            ))}
          </select>
        </div>
        {demo && (
          <section className="paper demo" aria-labelledby="demo-accounts-title">
            <h2 id="demo-accounts-title">{word('demoAccounts')}</h2>
            <p className="dimmed">{word('demoIntro')}</p>
            <dl>
              {demoAccounts.map((account) => (
                <div key={account.username}>
                  <dt>{word(account.labelWord)}</dt>
                  <dd>
                    {word('username')} <code>{account.username}</code> · {word('password')}{' '}
                    <code>{account.password}</code>
                  </dd>
                </div>
              ))}
            </dl>
            <button
              type="button"
              className="link"
              onClick={() => {
                const [manager] = demoAccounts;
                setTyped({ username: manager.username, password: manager.password });
              }}
            >
              {word('fillFleetManager')}
            </button>
          </section>
        )}
      </div>
    </main>
  );
}

/** A labelled field with its error, linked the way Mantine links them. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (described: {
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <div className="field">
        {children({
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
      </div>
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
