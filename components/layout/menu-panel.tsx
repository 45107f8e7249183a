'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Sheet } from '@/components/ui/sheet';
import { Link } from '@/lib/i18n/navigation';
import { MENU_ID } from './menu-button';

// The search (and the catalogue search it runs) loads the first time the menu opens, so it stays
// out of every page's first load.
const MenuSearch = dynamic(() => import('./menu-search').then((m) => m.MenuSearch), {
  ssr: false,
});

type Props = {
  labels: { title: string; close: string; pages: string; preferences: string };
  links: { href: string; label: string }[];
  /** The language switch and color mode toggle, rendered by the server. */
  preferences: ReactNode;
};

export function MenuPanel({ labels, links, preferences }: Props) {
  const open = useUiStore((store) => store.menuOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  // Once opened, the search stays rendered, so the menu can slide out with it.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <Sheet
      id={MENU_ID}
      side="right"
      open={open}
      onClose={() => closePanel('menu')}
      title={labels.title}
      closeLabel={labels.close}
    >
      <div className="flex flex-col gap-8">
        {opened ? <MenuSearch /> : null}
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
          {preferences}
        </section>
      </div>
    </Sheet>
  );
}
