/**
 * The sign-in form index.html draws before the app has loaded (public/static-sign-in.js shows it
 * on /login when no session is kept). The app's sign-in page takes it over: what was typed, the
 * field with the focus and its caret, the errors shown and a submit held until now.
 */

const SHELL_ID = 'static-sign-in';
/** Set on <html> by the script while the form is shown. */
const SHOWN_ATTRIBUTE = 'data-static-sign-in';

export type SignInControl = 'username' | 'password' | 'sharedComputer' | 'submit';

export interface StaticSignIn {
  username: string;
  password: string;
  /** The control that had the focus, with its caret when a field. */
  focus: {
    control: SignInControl;
    selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
  } | null;
  errors: { username?: string; password?: string };
  /** The password toggle was pressed: the password is shown. */
  passwordShown: boolean;
  /** "This is a shared computer" is ticked. */
  sharedComputer: boolean;
  /** The user sent the form before the app could. */
  submitted: boolean;
}

function shownForm(): HTMLFormElement | null {
  if (!document.documentElement.hasAttribute(SHOWN_ATTRIBUTE)) return null;
  const form = document.getElementById(SHELL_ID)?.querySelector('form');
  return form instanceof HTMLFormElement ? form : null;
}

function field(form: HTMLFormElement, name: 'username' | 'password'): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

function errorOf(input: HTMLInputElement | null): string | undefined {
  if (input?.getAttribute('aria-invalid') !== 'true') return undefined;
  return document.getElementById(`${input.id}-error`)?.textContent ?? undefined;
}

function focusIn(form: HTMLFormElement): StaticSignIn['focus'] {
  const focused = document.activeElement;
  if (!focused || !form.contains(focused)) return null;
  if (focused instanceof HTMLButtonElement) return { control: 'submit', selection: null };
  if (!(focused instanceof HTMLInputElement)) return null;
  if (focused.name === 'sharedComputer') return { control: 'sharedComputer', selection: null };
  const control = focused.name === 'password' ? 'password' : 'username';
  const { selectionStart, selectionEnd, selectionDirection } = focused;
  const selection =
    selectionStart === null || selectionEnd === null
      ? null
      : {
          start: selectionStart,
          end: selectionEnd,
          direction:
            selectionDirection === 'backward' || selectionDirection === 'forward'
              ? selectionDirection
              : ('none' as const),
        };
  return { control, selection };
}

function sharedComputerBox(form: HTMLFormElement): HTMLInputElement | null {
  const element = form.elements.namedItem('sharedComputer');
  return element instanceof HTMLInputElement ? element : null;
}

/** What the form index.html drew holds now; null once taken over, or when it was not shown. */
export function readStaticSignIn(): StaticSignIn | null {
  const form = shownForm();
  if (!form) return null;
  const username = field(form, 'username');
  const password = field(form, 'password');
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    focus: focusIn(form),
    errors: { username: errorOf(username), password: errorOf(password) },
    passwordShown: password?.type === 'text',
    sharedComputer: sharedComputerBox(form)?.checked ?? false,
    submitted: form.hasAttribute('data-submitted'),
  };
}

/** Removes the form index.html drew, once the app's page stands in its place (or cannot). */
export function removeStaticSignIn(): void {
  document.documentElement.removeAttribute(SHOWN_ATTRIBUTE);
  document.getElementById(SHELL_ID)?.remove();
}
