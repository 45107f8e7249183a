/** The placeholder name of accounts created by email (lib/users/repository.ts); it says nothing about the person. */
const PLACEHOLDER_NAMES = new Set(['no name', '']);

/**
 * Up to two capital letters for an avatar without a photo: first and last name's initials, or
 * the email's first letter when there is no real name. '?' when there is nothing to go on.
 */
export function initialsOf(name: string | null | undefined, email: string | null | undefined) {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  if (!PLACEHOLDER_NAMES.has(words.join(' ').toLowerCase())) {
    const first = words[0] ?? '';
    const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
    return (Array.from(first)[0] ?? '').toUpperCase() + (Array.from(last)[0] ?? '').toUpperCase();
  }
  const letter = Array.from((email ?? '').trim())[0];
  return letter ? letter.toUpperCase() : '?';
}

/** Whether an avatar URL may be shown as an image (http or https only, nothing else). */
export function isDisplayableAvatar(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url);
}
