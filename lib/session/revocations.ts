import 'server-only';

// Sign-outs recorded to the millisecond. Firebase compares a cookie's auth_time with the user's
// tokensValidAfterTime in whole seconds, so a cookie minted in the same second as the sign-out
// keeps verifying; this record closes that second. It lives in this process's memory (every
// bundle shares it through globalThis) for as long as a session cookie can live; on several
// instances each one learns of the sign-out only from Firebase, one second later.

const revokedAt = ((
  globalThis as { __shopSessionRevocations?: Map<string, number> }
).__shopSessionRevocations ??= new Map<string, number>());

/** Remembers that `uid` signed out at `atMs` (every session issued up to then is void). */
export function recordSignOut(uid: string, atMs: number, keepMs: number): void {
  revokedAt.set(uid, atMs);
  // Forget entries older than any cookie they could still refuse.
  for (const [key, time] of revokedAt) {
    if (time < atMs - keepMs) revokedAt.delete(key);
  }
}

/**
 * Whether a session of `uid` signed in at `authTimeSeconds` (whole seconds, as Firebase gives it)
 * was ended by a recorded sign-out. A sign-in in the very second of a sign-out counts as before
 * it: such a fresh session is refused and the person signs in once more.
 */
export function isSignedOut(uid: string, authTimeSeconds: number): boolean {
  const time = revokedAt.get(uid);
  return time !== undefined && authTimeSeconds * 1000 <= time;
}
