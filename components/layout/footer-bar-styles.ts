/** Icon above a short label: the shape of every footer bar item (shared with server parents). */
export const footerItemClass =
  'relative flex h-full min-w-14 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-[11px] font-medium text-cacao-700 hover:bg-cacao-100 hover:text-cacao-950 sm:text-xs dark:text-cacao-200 dark:hover:bg-cacao-900 dark:hover:text-white aria-expanded:bg-cacao-100 aria-expanded:text-cacao-950 dark:aria-expanded:bg-cacao-900 dark:aria-expanded:text-white';
