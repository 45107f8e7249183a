// Which short message the login form shows for a failed sign-in, sign-up or Google popup. Pure, so
// it is unit-tested and shared by every form that signs people in.
import { SessionRequestError } from '@/lib/session/session-error';

export { SessionRequestError };

/** Keys of the "LoginForm.errors" messages. */
export type LoginErrorKey =
  | 'wrongPassword'
  | 'userNotFound'
  | 'emailInUse'
  | 'weakPassword'
  | 'invalidEmail'
  | 'missingFields'
  | 'missingName'
  | 'userDisabled'
  | 'tooManyRequests'
  | 'accountExists'
  | 'popupClosed'
  | 'popupBlocked'
  | 'googleUnavailable'
  | 'network'
  | 'session'
  | 'unavailable'
  | 'unknown';

export type LoginMethod = 'google' | 'email' | 'signUp';

const BY_CODE: Readonly<Record<string, LoginErrorKey>> = {
  'auth/wrong-password': 'wrongPassword',
  // Projects with email enumeration protection answer this for a wrong password AND an unknown
  // email, so it cannot say which one it was.
  'auth/invalid-credential': 'wrongPassword',
  'auth/invalid-login-credentials': 'wrongPassword',
  'auth/user-not-found': 'userNotFound',
  'auth/email-already-in-use': 'emailInUse',
  'auth/weak-password': 'weakPassword',
  'auth/invalid-email': 'invalidEmail',
  'auth/missing-email': 'missingFields',
  'auth/missing-password': 'missingFields',
  'auth/user-disabled': 'userDisabled',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/account-exists-with-different-credential': 'accountExists',
  'auth/popup-closed-by-user': 'popupClosed',
  'auth/cancelled-popup-request': 'popupClosed',
  'auth/user-cancelled': 'popupClosed',
  'auth/popup-blocked': 'popupBlocked',
  'auth/network-request-failed': 'network',
};

/**
 * Codes that, for the Google popup, mean Google's sign-in machinery could not run: offline,
 * Google's gapi script blocked or unreachable (the SDK then reports auth/internal-error), the
 * site not authorised for the popup, or a browser without the needed storage.
 */
const GOOGLE_UNAVAILABLE = new Set([
  'auth/internal-error',
  'auth/network-request-failed',
  'auth/timeout',
  'auth/unauthorized-domain',
  'auth/operation-not-allowed',
  'auth/operation-not-supported-in-this-environment',
  'auth/web-storage-unsupported',
  'auth/invalid-credential',
]);

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** The message key for a failed sign-in attempt made with `method`. */
export function loginErrorKey(error: unknown, method: LoginMethod): LoginErrorKey {
  if (error instanceof SessionRequestError) {
    if (error.status === 429) return 'tooManyRequests';
    if (error.status === 503) return 'unavailable';
    return 'session';
  }
  // fetch() rejects with a TypeError when the request never reached the server.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return 'network';
  const code = codeOf(error);
  if (!code) return 'unknown';
  if (method === 'google' && GOOGLE_UNAVAILABLE.has(code)) return 'googleUnavailable';
  return BY_CODE[code] ?? 'unknown';
}
