'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import { MenuIcon } from '@/components/ui/icons';

export const MENU_ID = 'site-menu';

/** Opens the slide-in menu (search, pages, language, color mode). */
export function MenuButton({ label }: { label: string }) {
  const open = useUiStore((store) => store.menuOpen);
  const togglePanel = useUiStore((store) => store.togglePanel);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={MENU_ID}
      onClick={() => togglePanel('menu')}
      className="flex h-11 items-center gap-2 rounded-full px-3 font-semibold text-cacao-800 hover:bg-cacao-100 dark:text-cacao-100 dark:hover:bg-cacao-900"
    >
      <MenuIcon />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
