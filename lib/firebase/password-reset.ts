// What the login form says after 'Esqueci minha senha'. Pure, so it is unit-tested.

/** Keys of the "PasswordReset" messages for an outcome. */
export type PasswordResetOutcome = 'sent' | 'invalidEmail' | 'tooManyRequests' | 'unavailable';

// Firebase answers these for an e-mail without an account unless the project has e-mail
// enumeration protection on; they are shown exactly like a sent e-mail so that nobody learns
// which addresses have accounts.
const NO_ACCOUNT = new Set(['auth/user-not-found', 'auth/email-not-found']);

/** The outcome of sendPasswordResetEmail: undefined error = sent. */
export function passwordResetOutcome(error?: unknown): PasswordResetOutcome {
  if (error === undefined) return 'sent';
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string') {
    if (NO_ACCOUNT.has(code)) return 'sent';
    if (code === 'auth/invalid-email' || code === 'auth/missing-email') return 'invalidEmail';
    if (code === 'auth/too-many-requests') return 'tooManyRequests';
  }
  return 'unavailable';
}

/** A plausible e-mail address (Firebase checks it for real); catches an empty or half-typed one. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
