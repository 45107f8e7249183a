'use client';

import { useState } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { GlobeIcon } from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { Link } from '@/lib/i18n/navigation';
import { PANEL_ID } from '@/lib/stores/ui-store';
import { ColorModeToggle } from './color-mode-toggle';
import { LanguageSwitch } from './language-switch';
import { MenuSearch } from './menu-search';

export type MenuPanelProps = {
  labels: {
    title: string;
    close: string;
    pages: string;
    preferences: string;
    /** The language switch: the other language's name, and its longer title. */
    language: string;
    languageTitle: string;
    colorMode: string;
  };
  links: { href: string; label: string }[];
};

/**
 * The slide-in menu: search, the site's pages, language and color mode. Its code loads on the
 * first sign that it will be opened (components/layout/lazy-panels.tsx).
 */
export function MenuPanel({ labels, links }: MenuPanelProps) {
  const open = useUiStore((store) => store.menuOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  // The search mounts at the first opening (it takes focus then) and stays, so the menu can slide
  // out with it.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <Sheet
      id={PANEL_ID.menu}
      side="right"
      open={open}
      onClose={() => closePanel('menu')}
      title={labels.title}
      closeLabel={labels.close}
    >
      <div className="flex flex-col gap-8">
        {opened ? <MenuSearch open={open} /> : null}
        <nav aria-label={labels.pages}>
          <ul className="flex flex-col">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="block rounded-xl px-3 py-2 font-medium hover:bg-cacao-100 dark:hover:bg-cacao-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={labels.preferences} className="flex flex-col gap-1">
          <h3 className="px-3 text-sm font-semibold text-muted uppercase">{labels.preferences}</h3>
          <LanguageSwitch
            label={labels.language}
            title={labels.languageTitle}
            icon={<GlobeIcon className="size-5" />}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2 font-medium hover:bg-cacao-100 dark:hover:bg-cacao-900"
          />
          <ColorModeToggle label={labels.colorMode} />
        </section>
      </div>
    </Sheet>
  );
}
