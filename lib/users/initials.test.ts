import { initialsOf, isDisplayableAvatar } from './initials';

describe('initialsOf', () => {
  it('takes the first and last name initials', () => {
    expect(initialsOf('Cliente Exemplo', 'cliente@chocolates.local')).toBe('CE');
    expect(initialsOf('  ana maria   de souza ', null)).toBe('AS');
    expect(initialsOf('Ângela', null)).toBe('Â');
  });

  it('falls back to the email for the placeholder name or no name', () => {
    expect(initialsOf('No name', 'zoe@example.com')).toBe('Z');
    expect(initialsOf('', 'bia@example.com')).toBe('B');
    expect(initialsOf(null, null)).toBe('?');
  });
});

describe('isDisplayableAvatar', () => {
  it('allows only http(s) URLs', () => {
    expect(isDisplayableAvatar('https://lh3.googleusercontent.com/a/x')).toBe(true);
    expect(isDisplayableAvatar('')).toBe(false);
    expect(isDisplayableAvatar(null)).toBe(false);
    expect(isDisplayableAvatar('javascript:alert(1)')).toBe(false);
    expect(isDisplayableAvatar('data:image/png;base64,xx')).toBe(false);
  });
});
