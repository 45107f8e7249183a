// The session cookie's name, without server-only imports: the proxy (edge runtime) checks that the
// cookie is there before the control panel renders; lib/session/session.ts reads and writes it.

// Firebase Hosting forwards only a cookie of this name to the server, so it works on any host.
export const SESSION_COOKIE = '__session';
