/** Light or dark: the interface store's colorMode and the `dark` class on <html>. */
export type ColorMode = 'light' | 'dark';

/** localStorage key of an explicit choice; without one the site follows the system setting. */
export const COLOR_MODE_STORAGE_KEY = 'colorMode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

/** The explicit choice saved earlier, if any. */
export function savedColorMode(): ColorMode | null {
  try {
    const value = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(value) ? value : null;
  } catch {
    return null;
  }
}

export function systemColorMode(): ColorMode {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Shows `mode`, and remembers it when it is the visitor's explicit choice. */
export function applyColorMode(mode: ColorMode, remember: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  if (!remember) return;
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage can be unavailable (private mode, quota): the choice then lasts for this page only.
  }
}

/** Calls `onChange` when the system setting changes; returns the unsubscribe function. */
export function watchSystemColorMode(onChange: (mode: ColorMode) => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const listener = () => onChange(media.matches ? 'dark' : 'light');
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}
