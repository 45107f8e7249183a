let locks = 0;

/**
 * Stops the page behind an overlay from scrolling until the returned function is called. Locks
 * nest: the page scrolls again when the last one is released. (The splash does the same with CSS,
 * see the boot script.)
 */
export function lockScroll(): () => void {
  locks += 1;
  document.documentElement.style.overflow = 'hidden';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.documentElement.style.removeProperty('overflow');
  };
}
