'use client';

import { useTranslations } from 'next-intl';
import type { AddLimit } from '@/lib/cart/live-stock';

/**
 * Why one more unit cannot go into the list: the units left, or a fair-stock limit. Its texts are
 * under AddToCart, which every page sends (lib/i18n/client-messages.ts): the notice after a click
 * on a product page shows it before the list's own texts have loaded.
 */
export function AddLimitText({ limit }: { limit: AddLimit }) {
  const t = useTranslations('AddToCart');
  if (limit.kind === 'stock') {
    return limit.left > 0 ? t('onlyLeft', { count: limit.left }) : t('soldOut');
  }
  return limit.kind === 'perProduct'
    ? t('perProductLimit', { max: limit.max })
    : t('totalLimit', { max: limit.max });
}
