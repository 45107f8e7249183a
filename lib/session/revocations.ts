import 'server-only';

import { createHash } from 'node:crypto';

// Session cookies ended by a sign-out, refused from that very moment. Firebase compares a
// cookie's auth_time with the user's tokensValidAfterTime in whole seconds, so a cookie minted in
// the same second as the sign-out would keep verifying (for its whole 5-day life). Each signed-out
// cookie is remembered here (by hash) until it expires. The list lives in this process's memory,
// shared by every bundle through globalThis; on several instances the others learn of the
// sign-out from Firebase only, which misses that same-second case.

const revoked = ((
  globalThis as { __shopRevokedSessions?: Map<string, number> }
).__shopRevokedSessions ??= new Map<string, number>());

const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

/** Remembers a signed-out session cookie until `expiresAtMs` (its own expiry). */
export function recordSignOut(cookie: string, expiresAtMs: number, now = Date.now()): void {
  for (const [id, expiry] of revoked) {
    if (expiry <= now) revoked.delete(id);
  }
  revoked.set(idOf(cookie), expiresAtMs);
}

/** Whether this session cookie was signed out (and has not expired since). */
export function isSignedOut(cookie: string, now = Date.now()): boolean {
  const expiry = revoked.get(idOf(cookie));
  return expiry !== undefined && expiry > now;
}
