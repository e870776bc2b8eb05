import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
import {
  guardSchema,
  isStoredTime,
  readStoredJson,
  removeStored,
  writeStoredJson,
} from '@/lib/stored-json';
import { ApiError, isApiError } from './api-error';
import { apiRequest } from './client';

/**
 * The service issues tokens for one hour and offers no refresh (token endpoint
 * POST {authUrl}/api/auth/user, described on the vendor's developer portal; no OpenAPI file).
 */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** How long before expiry the user is asked to re-enter the password. */
export const EXPIRY_WARNING_MS = 5 * 60 * 1000;

const STORAGE_KEY = 'fleet-console.session';
const CHANNEL_NAME = 'fleet-console.session';
/** How long a new tab waits for an open tab to hand over its sign-in. */
const TAB_HANDSHAKE_MS = 150;

export interface StoredSession {
  token: string;
  username: string;
  issuedAt: number;
  expiresAt: number;
  /** "This is a shared computer": nothing of this session is kept on disk. */
  sharedComputer?: boolean;
}

/** Checked by hand: this runs before the login page, where every kilobyte counts. */
function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== 'object') return false;
  const field = (name: keyof StoredSession): unknown => Reflect.get(value, name);
  const token = field('token');
  const username = field('username');
  const sharedComputer = field('sharedComputer');
  return (
    (sharedComputer === undefined || typeof sharedComputer === 'boolean') &&
    typeof token === 'string' &&
    token.length > 0 &&
    typeof username === 'string' &&
    username.length > 0 &&
    isStoredTime(field('issuedAt')) &&
    isStoredTime(field('expiresAt'))
  );
}

/**
 * Why the password is asked for: the token ran out, is about to, or another tab signed out while
 * this one held unsaved work (kept on screen until its user signs in again or discards it).
 */
type ReauthReason = 'expired' | 'expiring' | 'signed-out-elsewhere';

export interface SessionSnapshot {
  session: StoredSession | null;
  /** Set while the re-enter-password dialog must be shown. */
  reauth: { reason: ReauthReason } | null;
}

type TabMessage =
  | { type: 'signed-in'; session: StoredSession }
  | { type: 'signed-out' }
  | { type: 'request-session' }
  | { type: 'share-session'; session: StoredSession }
  | { type: 'unsaved-work'; tabId: string; unsaved: boolean }
  | { type: 'request-unsaved-work' };

/** Where this tab stands on unsaved work, for a sign-out to ask about first. */
export interface UnsavedWork {
  here: boolean;
  inOtherTabs: boolean;
}

/**
 * The token endpoint does not publish the name of its token field, so accept the common names
 * and a bare string (POST {authUrl}/api/auth/user, which has no OpenAPI file).
 */
export function readAccessToken(body: unknown): { token: string; expiresInSeconds?: number } {
  if (typeof body === 'string' && body.trim()) return { token: body.trim() };
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['access_token', 'accessToken', 'token', 'id_token']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) {
        const expiresIn = record.expires_in ?? record.expiresIn;
        return {
          token: value.trim(),
          expiresInSeconds: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : undefined,
        };
      }
    }
  }
  throw new ApiError({
    status: 200,
    code: 'INVALID_RESPONSE',
    message: translate(
      msg`The sign-in service answered, but without a token the console recognises.`,
    ),
  });
}

const storedSessionSchema = guardSchema(isStoredSession);

function readStoredSession(): StoredSession | null {
  return readStoredJson<StoredSession | null>('session', STORAGE_KEY, storedSessionSchema, null)
    .value;
}

/** Where storage is unavailable (private mode quotas) the session lives in memory only. */
function writeStoredSession(session: StoredSession | null): void {
  if (session) writeStoredJson('session', STORAGE_KEY, session);
  else removeStored('session', STORAGE_KEY);
}

/**
 * The signed-in session: token and expiry in session storage (never the password), one shared
 * re-authentication for every request that met a 401, and sign-in/sign-out shared across tabs.
 */
export class SessionManager {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private pendingReauth: {
    promise: Promise<void>;
    resolve: () => void;
    reject: (error: unknown) => void;
  } | null = null;
  private readonly channel: BroadcastChannel | null;
  /** Names this tab in its unsaved-work messages; nothing secret. */
  private readonly tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private unsavedWorkHolders = 0;
  private readonly otherTabsWithUnsavedWork = new Set<string>();
  readonly ready: Promise<void>;

  constructor(private readonly now: () => number = Date.now) {
    this.snapshot = { session: readStoredSession(), reauth: null };
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
    this.channel?.addEventListener('message', (event: MessageEvent<TabMessage>) =>
      this.onTabMessage(event.data),
    );
    this.ready = this.snapshot.session || !this.channel ? Promise.resolve() : this.askOtherTabs();
    this.post({ type: 'request-unsaved-work' });
    // A closing tab's unsaved work is gone with it; other tabs stop counting it.
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', () => {
        if (this.unsavedWorkHolders > 0) this.announceUnsavedWork(false);
      });
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  get session(): StoredSession | null {
    return this.snapshot.session;
  }

  /** Null when signed out, here or (while this tab keeps its unsaved work) in another tab. */
  getAccessToken = (): string | null =>
    this.signedOutElsewhere() ? null : (this.snapshot.session?.token ?? null);

  /** True when a request would only earn a 401: the token ran out, or was signed out elsewhere. */
  isAccessTokenExpired = (): boolean => {
    const session = this.snapshot.session;
    return !!session && (this.signedOutElsewhere() || session.expiresAt <= this.now());
  };

  private signedOutElsewhere(): boolean {
    return this.snapshot.reauth?.reason === 'signed-out-elsewhere';
  }

  /**
   * A form with unsaved changes holds this until they are saved or discarded (call the returned
   * function), so a sign-out here or in another tab asks first.
   */
  holdUnsavedWork = (): (() => void) => {
    this.unsavedWorkHolders++;
    if (this.unsavedWorkHolders === 1) this.announceUnsavedWork(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.unsavedWorkHolders--;
      if (this.unsavedWorkHolders === 0) this.announceUnsavedWork(false);
    };
  };

  unsavedWork(): UnsavedWork {
    return {
      here: this.unsavedWorkHolders > 0,
      inOtherTabs: this.otherTabsWithUnsavedWork.size > 0,
    };
  }

  isSignedIn(): boolean {
    return !!this.snapshot.session;
  }

  async signIn(
    username: string,
    password: string,
    { sharedComputer = false }: { sharedComputer?: boolean } = {},
  ): Promise<StoredSession> {
    const { token, expiresInSeconds } = await apiRequest({
      service: 'auth',
      method: 'POST',
      path: '/api/auth/user',
      body: { username, password },
      anonymous: true,
      schema: readAccessToken,
    }).catch((error: unknown) => {
      throw describeSignInFailure(error);
    });
    const issuedAt = this.now();
    const lifetime = expiresInSeconds ? expiresInSeconds * 1000 : TOKEN_LIFETIME_MS;
    const session: StoredSession = {
      token,
      username,
      issuedAt,
      expiresAt: issuedAt + lifetime,
      ...(sharedComputer && { sharedComputer }),
    };
    this.adopt(session);
    this.post({ type: 'signed-in', session });
    return session;
  }

  /** Called by the re-enter-password dialog. */
  async reauthenticate(password: string): Promise<void> {
    const current = this.snapshot.session;
    if (!current) throw new Error('There is no session to renew.');
    // A renewed session keeps what the sign-in chose about this computer.
    await this.signIn(current.username, password, { sharedComputer: current.sharedComputer });
  }

  /**
   * For the API client: resolves when the user has signed in again (in this tab or another),
   * rejects when they sign out instead. Every caller shares one dialog.
   */
  requestReauthentication = (): Promise<void> => {
    if (!this.snapshot.session) {
      return Promise.reject(
        new ApiError({
          status: 401,
          code: 'SESSION_ENDED',
          message: translate(msg`You are signed out.`),
        }),
      );
    }
    if (!this.pendingReauth) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.pendingReauth = { promise, resolve, reject };
    }
    // Signed out elsewhere stays the reason: the token is gone, not just old.
    if (!this.signedOutElsewhere()) {
      this.setSnapshot({ ...this.snapshot, reauth: { reason: 'expired' } });
    }
    return this.pendingReauth.promise;
  };

  /** Shows the dialog ahead of expiry; nothing waits on it yet. */
  warnExpiring(): void {
    if (!this.snapshot.session || this.snapshot.reauth) return;
    this.setSnapshot({ ...this.snapshot, reauth: { reason: 'expiring' } });
  }

  /** The user closed the early warning without renewing; requests go on until a 401. */
  dismissExpiryWarning(): void {
    if (this.snapshot.reauth?.reason === 'expiring')
      this.setSnapshot({ ...this.snapshot, reauth: null });
  }

  /** Stops listening to other tabs (a page has one manager for its life; tests make many). */
  dispose(): void {
    this.channel?.close();
  }

  signOut(): void {
    this.clear();
    this.post({ type: 'signed-out' });
  }

  private clear(): void {
    writeStoredSession(null);
    const pending = this.pendingReauth;
    this.pendingReauth = null;
    this.setSnapshot({ session: null, reauth: null });
    pending?.reject(
      new ApiError({
        status: 401,
        code: 'SESSION_ENDED',
        message: translate(msg`You are signed out.`),
      }),
    );
  }

  /**
   * The sign-out reaches this tab too (the token is dropped and no longer stored), but the page
   * and its typed values stay under the password dialog: signing in again keeps them, signing
   * out there discards them.
   */
  private keepWorkAfterSignOutElsewhere(): void {
    writeStoredSession(null);
    this.setSnapshot({ ...this.snapshot, reauth: { reason: 'signed-out-elsewhere' } });
  }

  private announceUnsavedWork(unsaved: boolean): void {
    this.post({ type: 'unsaved-work', tabId: this.tabId, unsaved });
  }

  private adopt(session: StoredSession): void {
    writeStoredSession(session);
    const pending = this.pendingReauth;
    this.pendingReauth = null;
    this.setSnapshot({ session, reauth: null });
    pending?.resolve();
  }

  private onTabMessage(message: TabMessage): void {
    switch (message.type) {
      case 'signed-in':
      case 'share-session': {
        const incoming = message.session;
        const current = this.snapshot.session;
        if (!isStoredSession(incoming)) return;
        // Another tab's sign-in counts here only for the same user, or when signed out.
        if (!current || current.username === incoming.username) {
          if (!current || incoming.expiresAt > current.expiresAt || message.type === 'signed-in') {
            this.adopt(incoming);
          }
        }
        return;
      }
      case 'signed-out':
        if (!this.snapshot.session) return;
        if (this.unsavedWorkHolders > 0) this.keepWorkAfterSignOutElsewhere();
        else this.clear();
        return;
      case 'unsaved-work':
        if (message.unsaved) this.otherTabsWithUnsavedWork.add(message.tabId);
        else this.otherTabsWithUnsavedWork.delete(message.tabId);
        return;
      case 'request-unsaved-work':
        if (this.unsavedWorkHolders > 0) this.announceUnsavedWork(true);
        return;
      case 'request-session':
        if (this.snapshot.session && !this.isAccessTokenExpired()) {
          this.post({ type: 'share-session', session: this.snapshot.session });
        }
        return;
    }
  }

  private askOtherTabs(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        unsubscribe();
        clearTimeout(timer);
        resolve();
      };
      const unsubscribe = this.subscribe(() => {
        if (this.snapshot.session) done();
      });
      const timer = setTimeout(done, TAB_HANDSHAKE_MS);
      this.post({ type: 'request-session' });
    });
  }

  private post(message: TabMessage): void {
    this.channel?.postMessage(message);
  }

  private setSnapshot(next: SessionSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

function describeSignInFailure(error: unknown): ApiError {
  if (!isApiError(error)) {
    return new ApiError({
      status: 0,
      code: 'NETWORK',
      message: translate(msg`Sign-in failed.`),
      cause: error,
    });
  }
  if (error.code === 'UNAUTHORIZED' || error.code === 'BAD_REQUEST' || error.code === 'FORBIDDEN') {
    return new ApiError({
      status: error.status,
      code: 'UNAUTHORIZED',
      message: translate(
        msg`The username or password is not correct. (Companies that use single sign-on or multi-factor authentication cannot sign in here.)`,
      ),
      details: error.details,
      cause: error,
    });
  }
  if (error.code === 'NETWORK') {
    return new ApiError({
      status: 0,
      code: 'NETWORK',
      message: translate(
        msg`The sign-in service cannot be reached. Check your connection, or try again later.`,
      ),
      cause: error,
    });
  }
  return error;
}
