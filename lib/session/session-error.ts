/**
 * A refusal of POST /api/session (the server did not accept the fresh ID token), or a GET it could
 * not answer. Its own module: the session's fetch wrappers (lib/session/client.ts, in every page's
 * first load) need it without the login form's error table (./auth-errors.ts).
 */
export class SessionRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Session request failed with ${status} (${code})`);
    this.name = 'SessionRequestError';
  }
}
