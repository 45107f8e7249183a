'use client';

import { useTranslations } from 'next-intl';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { Notice } from '@/components/ui/notice';
import { formatPrice } from '@/lib/catalogue/format';

/**
 * The list's lines whose price changed since the shopper last saw it (the catalogue's price now,
 * from the page or the live read, against the one the list kept): each is named with both prices
 * until they say they have seen them. The order is charged the current price whatever they do.
 */
export function PriceChanges() {
  const t = useTranslations('Checkout');
  const entries = useCatalogueEntries();
  const changed = useCartStore(
    useShallow((store) =>
      store.cartItems.filter(
        (item) => item.seenPrice !== undefined && item.seenPrice !== item.price,
      ),
    ),
  );
  const acknowledge = useCartStore((store) => store.acknowledgePrices);
  if (changed.length === 0) return null;
  return (
    <Notice tone="info" as="div" data-testid="price-changes" className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1">
        {changed.map((item) => (
          <li key={`${item.id}:${item.variant.key}`} data-testid={`price-changed-${item.id}`}>
            {t('priceChanged', {
              title: entries.find((entry) => entry.key === item.id)?.title ?? item.id,
              before: formatPrice(item.seenPrice!),
              after: formatPrice(item.price),
            })}
          </li>
        ))}
      </ul>
      <p>{t('priceChangedNote')}</p>
      <button type="button" onClick={acknowledge} className="self-start font-semibold underline">
        {t('priceChangedOk')}
      </button>
    </Notice>
  );
}
