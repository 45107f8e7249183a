'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Sheet } from '@/components/ui/sheet';
import { PANEL_ID } from '@/lib/stores/ui-store';
import { CartPanelActions, CartPanelLines } from './cart-panel-body';
import { CartUndoProvider } from './cart-undo';

/**
 * The shopping list ('Lista de Compras'), sliding in from the right. Its code, lines included,
 * loads on the first sign that the cart will be opened (components/layout/lazy-panels.tsx).
 */
export function CartPanel() {
  const t = useTranslations('CartPanel');
  const open = useUiStore((store) => store.cartOpen);
  const closePanel = useUiStore((store) => store.closePanel);
  // The lines mount at the first opening (they read the live stock then) and stay, so the panel
  // can slide out with them.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <CartUndoProvider>
      <Sheet
        id={PANEL_ID.cart}
        side="right"
        open={open}
        onClose={() => closePanel('cart')}
        title={t('title')}
        closeLabel={t('close')}
        footer={opened ? <CartPanelActions /> : null}
      >
        {opened ? <CartPanelLines /> : null}
      </Sheet>
    </CartUndoProvider>
  );
}
