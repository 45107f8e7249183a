'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Sheet } from '@/components/ui/sheet';

export const CART_PANEL_ID = 'cart-panel';

// The list's content is code a visit needs only once the cart opens: one chunk of its own,
// fetched on the first opening, so it stays out of every page's first load.
const CartPanelLines = dynamic(() => import('./cart-panel-body').then((m) => m.CartPanelLines), {
  ssr: false,
  loading: LoadingList,
});
const CartPanelActions = dynamic(
  () => import('./cart-panel-body').then((m) => m.CartPanelActions),
  { ssr: false },
);

function LoadingList() {
  const t = useTranslations('CartPanel');
  return <p role="status">{t('loading')}</p>;
}

/** The shopping list ('Lista de Compras'), sliding in from the right. */
export function CartPanel() {
  const t = useTranslations('CartPanel');
  const open = useUiStore((store) => store.cartOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  // Once opened, the content stays rendered, so the panel can slide out with it.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <Sheet
      id={CART_PANEL_ID}
      side="right"
      open={open}
      onClose={() => closePanel('cart')}
      title={t('title')}
      closeLabel={t('close')}
      footer={opened ? <CartPanelActions /> : null}
    >
      {opened ? <CartPanelLines /> : null}
    </Sheet>
  );
}
