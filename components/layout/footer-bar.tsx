'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useCartHydrated, useCartStore } from '@/components/providers/cart-store-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useUserStore } from '@/components/providers/user-store-provider';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { cartQuantity } from '@/lib/stores/cart-store';
import { PANEL_ID } from '@/lib/stores/ui-store';
import { footerItemClass } from './footer-bar-styles';
import { usePanelIntent } from './panel-intent';

const activeClass =
  'bg-cacao-200 text-cacao-950 dark:bg-cacao-800 dark:text-white hover:bg-cacao-200 dark:hover:bg-cacao-800';

type Props = {
  /**
   * The shop's telephone link and its accessible name, made by the server: the number's
   * formatting code (lib/shop.ts, lib/brazil.ts) stays out of every page's first load.
   */
  phone: { href: string; label: string };
  /** The language switch (desktop only), rendered by the server with its labels. */
  languageSwitch: ReactNode;
  /** The items' icons, drawn by the server (no icon code in the first load). */
  icons: Record<
    'privacy' | 'terms' | 'user' | 'cart' | 'store' | 'home' | 'controlPanel' | 'phone',
    ReactNode
  >;
};

/**
 * The fixed bottom bar on every page. Its panel buttons open one panel and close the others. Its
 * links are not prefetched: being on every screen, they would fetch the landing's and the legal
 * pages' payloads during every page load (Next fetches them on the click instead).
 */
export function FooterBar({ phone, languageSwitch, icons }: Props) {
  const t = useTranslations('FooterBar');
  const pathname = usePathname();
  const userTabOpen = useUiStore((store) => store.userTabOpen);
  const cartOpen = useUiStore((store) => store.cartOpen);
  const togglePanel = useUiStore((store) => store.togglePanel);
  const closePanels = useUiStore((store) => store.closePanels);
  const userIsAdmin = useUserStore((store) => store.userIsAdmin);
  const hydrated = useCartHydrated();
  const quantity = useCartStore((store) => cartQuantity(store.cartItems));
  const count = hydrated ? quantity : 0;
  const onUserPage = pathname === '/usuario';
  const userTabIntent = usePanelIntent('userTab');
  const cartIntent = usePanelIntent('cart');

  return (
    <nav
      aria-label={t('label')}
      className="fixed inset-x-0 bottom-0 z-50 h-16 border-t border-cacao-200 bg-cacao-50/95 backdrop-blur dark:border-cacao-800 dark:bg-cacao-950/95"
    >
      <ul className="mx-auto flex h-full max-w-4xl items-stretch justify-around gap-1 px-2 py-1.5">
        {(
          [
            ['/privacidade', icons.privacy, t('privacy')],
            ['/termos-de-uso', icons.terms, t('terms')],
          ] as const
        ).map(([href, icon, label]) => (
          <li key={href} className="hidden md:block">
            <Link prefetch={false} href={href} onClick={closePanels} className={footerItemClass}>
              {icon}
              {label}
            </Link>
          </li>
        ))}
        <li className="hidden md:block">{languageSwitch}</li>
        <li>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={userTabOpen}
            aria-controls={PANEL_ID.userTab}
            aria-current={onUserPage ? 'page' : undefined}
            onClick={() => togglePanel('userTab')}
            // A tap before the page's script is kept, shown as pending and replayed
            // (EARLY_PANEL_ATTRIBUTE of lib/boot-script.ts).
            data-early-panel="userTab"
            {...userTabIntent}
            className={`${footerItemClass} ${onUserPage ? activeClass : ''}`}
          >
            {icons.user}
            {t('user')}
          </button>
        </li>
        {/* The count badge sits beside the button, not in it, so the button's visible text
            ('Lista') stays part of its accessible name ('Lista de Compras, 2 itens'). */}
        <li className="relative">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={cartOpen}
            aria-controls={PANEL_ID.cart}
            aria-label={t('cartLabel', { count })}
            onClick={() => togglePanel('cart')}
            data-early-panel="cart"
            {...cartIntent}
            className={footerItemClass}
          >
            {icons.cart}
            {t('cart')}
          </button>
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="cart-badge"
              className="pointer-events-none absolute top-0 right-1 grid h-5 min-w-5 place-items-center rounded-full bg-gold-400 px-1 text-[11px] font-bold text-cacao-950"
            >
              {count}
            </span>
          ) : null}
        </li>
        <li>
          <Link
            prefetch={false}
            href="/#chocolates"
            onClick={closePanels}
            className={footerItemClass}
          >
            {icons.store}
            {t('store')}
          </Link>
        </li>
        <li>
          <Link prefetch={false} href="/" onClick={closePanels} className={footerItemClass}>
            {icons.home}
            {t('home')}
          </Link>
        </li>
        <li>
          {userIsAdmin ? (
            <Link
              href="/control-panel"
              onClick={closePanels}
              aria-label={t('controlPanelLabel')}
              className={footerItemClass}
            >
              {icons.controlPanel}
              {t('controlPanel')}
            </Link>
          ) : (
            <a href={phone.href} aria-label={phone.label} className={footerItemClass}>
              {icons.phone}
              {t('phone')}
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
