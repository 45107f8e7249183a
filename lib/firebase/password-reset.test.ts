import { looksLikeEmail, passwordResetOutcome } from './password-reset';

describe('passwordResetOutcome', () => {
  it('says sent for a sent e-mail and, the same, for an e-mail without an account', () => {
    expect(passwordResetOutcome()).toBe('sent');
    expect(passwordResetOutcome({ code: 'auth/user-not-found' })).toBe('sent');
    expect(passwordResetOutcome({ code: 'auth/email-not-found' })).toBe('sent');
  });

  it('names a malformed e-mail and too many attempts', () => {
    expect(passwordResetOutcome({ code: 'auth/invalid-email' })).toBe('invalidEmail');
    expect(passwordResetOutcome({ code: 'auth/missing-email' })).toBe('invalidEmail');
    expect(passwordResetOutcome({ code: 'auth/too-many-requests' })).toBe('tooManyRequests');
  });

  it('reports anything else (network, backend) as unavailable, never as sent', () => {
    expect(passwordResetOutcome({ code: 'auth/network-request-failed' })).toBe('unavailable');
    expect(passwordResetOutcome({ code: 'auth/internal-error' })).toBe('unavailable');
    expect(passwordResetOutcome(new Error('boom'))).toBe('unavailable');
    expect(passwordResetOutcome(null)).toBe('unavailable');
  });
});

describe('looksLikeEmail', () => {
  it.each(['ana@example.com', ' ana.souza@loja.com.br '])('accepts %s', (value) => {
    expect(looksLikeEmail(value)).toBe(true);
  });
  it.each(['', 'ana', 'ana@', 'ana@example', 'a b@example.com'])('refuses "%s"', (value) => {
    expect(looksLikeEmail(value)).toBe(false);
  });
});
