import { loginErrorKey, SessionRequestError, type LoginErrorKey } from './auth-errors';

const authError = (code: string) => Object.assign(new Error(code), { code });

describe('loginErrorKey', () => {
  it.each<[string, LoginErrorKey]>([
    ['auth/wrong-password', 'wrongPassword'],
    ['auth/invalid-credential', 'wrongPassword'],
    ['auth/invalid-login-credentials', 'wrongPassword'],
    ['auth/user-not-found', 'userNotFound'],
    ['auth/invalid-email', 'invalidEmail'],
    ['auth/missing-password', 'missingFields'],
    ['auth/too-many-requests', 'tooManyRequests'],
    ['auth/network-request-failed', 'network'],
    ['auth/user-disabled', 'userDisabled'],
  ])('maps %s for an email sign-in to %s', (code, key) => {
    expect(loginErrorKey(authError(code), 'email')).toBe(key);
  });

  it('maps account creation failures', () => {
    expect(loginErrorKey(authError('auth/email-already-in-use'), 'signUp')).toBe('emailInUse');
    expect(loginErrorKey(authError('auth/weak-password'), 'signUp')).toBe('weakPassword');
    expect(loginErrorKey(authError('auth/invalid-email'), 'signUp')).toBe('invalidEmail');
  });

  it('tells a closed or blocked Google popup apart from Google being unavailable', () => {
    expect(loginErrorKey(authError('auth/popup-closed-by-user'), 'google')).toBe('popupClosed');
    expect(loginErrorKey(authError('auth/cancelled-popup-request'), 'google')).toBe('popupClosed');
    expect(loginErrorKey(authError('auth/popup-blocked'), 'google')).toBe('popupBlocked');
    // Offline, Google's script cannot load and the SDK reports an internal error.
    for (const code of [
      'auth/internal-error',
      'auth/network-request-failed',
      'auth/unauthorized-domain',
      'auth/operation-not-supported-in-this-environment',
    ]) {
      expect(loginErrorKey(authError(code), 'google')).toBe('googleUnavailable');
    }
    expect(
      loginErrorKey(authError('auth/account-exists-with-different-credential'), 'google'),
    ).toBe('accountExists');
  });

  it('reports a refused session and an unreachable server', () => {
    expect(loginErrorKey(new SessionRequestError(401, 'stale-sign-in'), 'email')).toBe('session');
    expect(loginErrorKey(new TypeError('Failed to fetch'), 'google')).toBe('network');
  });

  it('says when sign-in is throttled or the server cannot reach Firebase', () => {
    expect(loginErrorKey(new SessionRequestError(429, 'rate-limited'), 'email')).toBe(
      'tooManyRequests',
    );
    expect(loginErrorKey(new SessionRequestError(503, 'unavailable'), 'google')).toBe(
      'unavailable',
    );
  });

  it('falls back to a generic message for anything else', () => {
    expect(loginErrorKey(authError('auth/internal-error'), 'email')).toBe('unknown');
    expect(loginErrorKey(new Error('boom'), 'email')).toBe('unknown');
    expect(loginErrorKey(undefined, 'signUp')).toBe('unknown');
    expect(loginErrorKey({ code: 42 }, 'email')).toBe('unknown');
  });
});
