'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import type { ReactNode } from 'react';
import { PANEL_ID } from '@/lib/stores/ui-store';
import { usePanelIntent } from './panel-intent';

/** Opens the slide-in menu (search, pages, language, color mode); its icon comes from the server. */
export function MenuButton({ label, icon }: { label: string; icon: ReactNode }) {
  const open = useUiStore((store) => store.menuOpen);
  const togglePanel = useUiStore((store) => store.togglePanel);
  const intent = usePanelIntent('menu');
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={PANEL_ID.menu}
      onClick={() => togglePanel('menu')}
      // A tap before the page's script is kept and replayed (lib/boot-script.ts).
      data-early-panel="menu"
      {...intent}
      className="flex h-11 items-center gap-2 rounded-full px-3 font-semibold text-cacao-800 hover:bg-cacao-100 dark:text-cacao-100 dark:hover:bg-cacao-900"
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
