import 'server-only';

import { createHash } from 'node:crypto';

// Session cookies ended by a sign-out, refused from that very moment on every instance. Firebase
// compares a cookie's auth_time with the user's tokensValidAfterTime in whole seconds, so a cookie
// minted in the same second as the sign-out would keep verifying (for its whole 5-day life). Each
// signed-out cookie is therefore recorded, by hash, until it expires:
// - on the user's own document (lib/users/repository.ts recordSignedOutSession), which the session
//   check reads anyway: every instance sees it at once, and it survives a restart;
// - in this process's memory (shared by every bundle through globalThis), so this instance refuses
//   the cookie before asking Auth at all.

const revoked = ((
  globalThis as { __shopRevokedSessions?: Map<string, number> }
).__shopRevokedSessions ??= new Map<string, number>());

/** The id a signed-out cookie is recorded under: its SHA-256, never the cookie itself. */
export function signedOutId(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

/** Remembers a signed-out session cookie in this process until `expiresAtMs` (its own expiry). */
export function recordSignOut(cookie: string, expiresAtMs: number, now = Date.now()): void {
  for (const [id, expiry] of revoked) {
    if (expiry <= now) revoked.delete(id);
  }
  revoked.set(signedOutId(cookie), expiresAtMs);
}

/** Whether this process saw this session cookie signed out (and it has not expired since). */
export function isSignedOut(cookie: string, now = Date.now()): boolean {
  const expiry = revoked.get(signedOutId(cookie));
  return expiry !== undefined && expiry > now;
}

/** Whether `cookie` is in a user document's record of signed-out sessions (id → expiry, ms). */
export function isListedSignedOut(
  listed: Readonly<Record<string, number>>,
  cookie: string,
  now = Date.now(),
): boolean {
  const expiry = listed[signedOutId(cookie)];
  return expiry !== undefined && expiry > now;
}
