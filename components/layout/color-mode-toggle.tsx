'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import { MoonIcon } from '@/components/ui/icons';
import { applyColorMode } from '@/lib/color-mode';

/** The dark mode switch of the menu; the choice is remembered for later visits. */
export function ColorModeToggle({ label }: { label: string }) {
  const dark = useUiStore((store) => store.colorMode === 'dark');
  const setColorMode = useUiStore((store) => store.setColorMode);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        applyColorMode(next, true);
        setColorMode(next);
      }}
      className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left font-medium hover:bg-cacao-100 dark:hover:bg-cacao-900"
    >
      <MoonIcon className="size-5" />
      <span className="flex-1">{label}</span>
      <span
        aria-hidden="true"
        className={`relative h-6 w-11 rounded-full transition-colors ${dark ? 'bg-gold-500' : 'bg-cacao-400'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 size-5 rounded-full shadow transition-transform ${dark ? 'translate-x-5 bg-cacao-950' : 'bg-white'}`}
        />
      </span>
    </button>
  );
}
