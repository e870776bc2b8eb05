// Runs before any of the app's code, from index.html (a file, not inline: the CSP allows scripts
// from this origin only). It sets the colour scheme the app will use, so the first paint is in
// the right one, and on the sign-in page, with no session kept, shows index.html's sign-in form,
// which then takes input before the app has loaded. A submit before then is held, marked on the
// form, and the app's sign-in page sends it when it takes the form over
// (src/features/auth/static-sign-in.ts). No imports: nothing may load before it.
/* global document, location, localStorage, sessionStorage, matchMedia, setTimeout, navigator, URLSearchParams, MutationObserver */
(function () {
  var root = document.documentElement;

  // The language, chosen as src/i18n/locale.ts chooses it: the address's ?lang=, then this
  // browser's choice, then the first of its languages the console speaks, English otherwise.
  // index.html's texts hold every language; this attribute shows one (and tells screen readers).
  var LANGUAGE_KEY = 'fleet-console.language';
  var LOCALES = ['en', 'es-419', 'fr-CA', 'pseudo'];
  function chosenLocale() {
    var asked = new URLSearchParams(location.search).get('lang');
    try {
      if (LOCALES.indexOf(asked) >= 0) localStorage.setItem(LANGUAGE_KEY, asked);
      var stored = localStorage.getItem(LANGUAGE_KEY);
      if (LOCALES.indexOf(stored) >= 0) return stored;
    } catch {
      if (LOCALES.indexOf(asked) >= 0) return asked;
    }
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [];
    for (var i = 0; i < tags.length; i++) {
      var language = String(tags[i]).toLowerCase().split(/[-_]/)[0];
      if (language === 'es') return 'es-419';
      if (language === 'fr') return 'fr-CA';
      if (language === 'en') return 'en';
    }
    return 'en';
  }
  var locale = chosenLocale();
  // The pseudo-locale (a test of the app's catalogs) reads this page in English.
  root.lang = locale === 'pseudo' ? 'en' : locale;
  var words = {};
  try {
    words = JSON.parse(document.getElementById('sign-in-words').textContent) || {};
  } catch {
    // No words written (a test of this file alone): the English below.
  }
  function word(key, english) {
    return (words[root.lang] && words[root.lang][key]) || english;
  }

  // Mantine's stored choice (its default key), the app's default when none: light.
  var scheme = 'light';
  try {
    var stored = localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'dark' || stored === 'light') scheme = stored;
    else if (stored === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches)
      scheme = 'dark';
  } catch {
    // No storage: the default.
  }
  root.setAttribute('data-mantine-color-scheme', scheme);

  // What the session store keeps (src/api/session.ts): a page behind sign-in with one goes on.
  function isStoredTime(value) {
    return typeof value === 'number' && !isNaN(new Date(value).getTime());
  }
  function hasStoredSession() {
    try {
      var session = JSON.parse(sessionStorage.getItem('fleet-console.session') || 'null');
      return (
        !!session &&
        typeof session.token === 'string' &&
        session.token.length > 0 &&
        typeof session.username === 'string' &&
        session.username.length > 0 &&
        isStoredTime(session.issuedAt) &&
        isStoredTime(session.expiresAt)
      );
    } catch {
      return false;
    }
  }
  if (location.pathname !== '/login' || hasStoredSession()) return;
  root.setAttribute('data-static-sign-in', '');
  document.title = word('title', document.title);

  // Each of the form's texts holds every language (the build writes them; CSS shows the page's).
  // The others are removed as the form is parsed, so the names assistive technology reads, and
  // the labels, are in the page's language alone. Watching stops once the form is all there.
  function keepPageLanguageOnly() {
    var spans = document.querySelectorAll('#static-sign-in [data-words] > [lang]');
    for (var i = 0; i < spans.length; i++) {
      if (spans[i].getAttribute('lang') !== root.lang) spans[i].parentNode.removeChild(spans[i]);
    }
    return !!document.getElementById('root');
  }
  if (typeof MutationObserver === 'function') {
    var formWatch = new MutationObserver(function () {
      if (keepPageLanguageOnly()) formWatch.disconnect();
    });
    formWatch.observe(root, { childList: true, subtree: true });
  }

  // The same checks and words as the app's form, shown the way Mantine shows a field's error.
  function showError(input, message) {
    var id = input.id + '-error';
    var shown = document.getElementById(id);
    if (shown) shown.parentNode.removeChild(shown);
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return true;
    }
    var error = document.createElement('p');
    error.id = id;
    error.className = 'error';
    error.textContent = message;
    // After the field (the input and its toggle), as the app draws it.
    input.parentNode.parentNode.appendChild(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
    return false;
  }

  // The password toggle, as Mantine's: the field keeps the focus.
  document.addEventListener('mousedown', function (event) {
    if (event.target.closest && event.target.closest('#static-sign-in .reveal')) {
      event.preventDefault();
    }
  });
  document.addEventListener('click', function (event) {
    var toggle = event.target.closest && event.target.closest('#static-sign-in .reveal');
    if (!toggle) return;
    var shown = toggle.getAttribute('aria-pressed') !== 'true';
    toggle.setAttribute('aria-pressed', String(shown));
    document.getElementById('sign-in-password').type = shown ? 'text' : 'password';
  });

  // Listening on the document from here, before the form is parsed, so no submit can slip past.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form || form.id !== 'static-sign-in-form') return;
    event.preventDefault();
    if (form.hasAttribute('data-submitted')) return;
    var usernameValid = showError(
      form.elements.username,
      form.elements.username.value.trim() ? '' : word('enterUsername', 'Enter your username.'),
    );
    var passwordValid = showError(
      form.elements.password,
      form.elements.password.value ? '' : word('enterPassword', 'Enter your password.'),
    );
    if (!usernameValid || !passwordValid) return;
    form.setAttribute('data-submitted', '');
    var button = form.querySelector('.submit');
    button.setAttribute('aria-disabled', 'true');
    button.textContent = word('signingIn', 'Signing in…');
    showStalled(form, '');
    // Should the app not arrive (its code cannot be loaded), the user is told and not left waiting
    // on a button that never answers: the held submit is let go, and what was typed stays.
    setTimeout(function () {
      if (!form.isConnected || !form.hasAttribute('data-submitted')) return;
      form.removeAttribute('data-submitted');
      button.removeAttribute('aria-disabled');
      button.textContent = word('signIn', 'Sign in');
      showStalled(
        form,
        word(
          'stalled',
          'The console has not finished loading, so you are not signed in yet. Check your ' +
            'connection, then press Sign in again or reload the page.',
        ),
      );
    }, STALLED_AFTER_MS);
  });

  var STALLED_AFTER_MS = 20000;
  function showStalled(form, message) {
    var shown = document.getElementById('static-sign-in-stalled');
    if (shown) shown.parentNode.removeChild(shown);
    if (!message) return;
    var alert = document.createElement('p');
    alert.id = 'static-sign-in-stalled';
    alert.className = 'error';
    alert.setAttribute('role', 'alert');
    alert.textContent = message;
    var button = form.querySelector('.submit');
    button.parentNode.insertBefore(alert, button);
  }
})();
