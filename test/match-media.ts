/**
 * jsdom has no matchMedia; UiStoreProvider follows the system color mode through it. A system
 * that prefers light and never changes.
 */
export function stubMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
}
