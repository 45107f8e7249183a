'use client';

import { useTranslations } from 'next-intl';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { Notice } from '@/components/ui/notice';
import { isCheckoutLine } from '@/lib/cart/live-stock';

/**
 * The list's lines the last live read marked sold out or not for sale: they stay in the list (and
 * in no total or order), so the checkout names each one and offers to remove it. Without this a
 * list of only such lines looked like an empty one ('Nenhum pedido em andamento').
 */
export function UnavailableLines() {
  const t = useTranslations('Checkout');
  const entries = useCatalogueEntries();
  const blocked = useCartStore(
    useShallow((store) => store.cartItems.filter((item) => !isCheckoutLine(item))),
  );
  const removeItem = useCartStore((store) => store.removeItem);
  if (blocked.length === 0) return null;
  return (
    <Notice
      tone="error"
      as="div"
      data-testid="checkout-unavailable"
      className="flex flex-col gap-2"
    >
      <p className="font-semibold">{t('unavailableTitle', { count: blocked.length })}</p>
      <ul className="flex flex-col gap-2">
        {blocked.map((item) => {
          const title = entries.find((entry) => entry.key === item.id)?.title ?? item.id;
          return (
            <li
              key={`${item.id}:${item.variant.key}`}
              data-testid={`checkout-unavailable-${item.id}`}
              className="flex flex-wrap items-center justify-between gap-2"
            >
              <span>
                {item.stockInfo?.blocked === 'soldOut'
                  ? t('unavailableSoldOut', { title })
                  : t('unavailableWithdrawn', { title })}
              </span>
              <button
                type="button"
                onClick={() => removeItem(item.id, item.variant.key)}
                className="font-semibold underline"
              >
                {t('removeLine', { title })}
              </button>
            </li>
          );
        })}
      </ul>
    </Notice>
  );
}
