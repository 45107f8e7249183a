'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useCatalogueEntry } from '@/components/providers/catalogue-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import type { ReactNode } from 'react';
import { AddLimitText } from './add-limit-text';

const VISIBLE_MS = 4000;

/** The short notice after adding a product: it names it and offers to open the list. */
export function CartHelper({ closeIcon }: { closeIcon: ReactNode }) {
  const t = useTranslations('AddToCart');
  const open = useUiStore((store) => store.cartHelperOpen);
  const item = useUiStore((store) => store.cartHelperItem);
  const addedAt = useUiStore((store) => store.cartHelperAddedAt);
  const limit = useUiStore((store) => store.cartHelperLimit);
  const setCartHelperOpen = useUiStore((store) => store.setCartHelperOpen);
  const openPanel = useUiStore((store) => store.openPanel);
  const entry = useCatalogueEntry(item ?? '');

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setCartHelperOpen(false), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [open, addedAt, setCartHelperOpen]);

  return (
    // Always in the page, so assistive technology announces each new message.
    <div role="status" className="pointer-events-none fixed inset-x-3 top-20 z-30 flex justify-end">
      {open && entry ? (
        <div className="pointer-events-auto flex max-w-sm items-center gap-3 rounded-2xl bg-cacao-900 py-2 pr-2 pl-4 text-sm text-cacao-50 shadow-lg dark:bg-cacao-100 dark:text-cacao-950">
          <p className="flex-1">
            {limit === null ? t('added', { title: entry.title }) : <AddLimitText limit={limit} />}
          </p>
          <button
            type="button"
            onClick={() => openPanel('cart')}
            className="rounded-full bg-gold-400 px-3 py-1.5 font-semibold text-cacao-950 hover:bg-gold-500"
          >
            {t('viewList')}
          </button>
          <button
            type="button"
            aria-label={t('dismiss')}
            onClick={() => setCartHelperOpen(false)}
            className="grid size-8 place-items-center rounded-full hover:bg-white/10 dark:hover:bg-black/10"
          >
            {closeIcon}
          </button>
        </div>
      ) : null}
    </div>
  );
}
