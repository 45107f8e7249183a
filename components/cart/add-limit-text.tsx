'use client';

import { useTranslations } from 'next-intl';
import type { AddLimit } from '@/lib/cart/live-stock';

/**
 * Why one more unit cannot go into the list: the units left, or a fair-stock limit. An add button
 * (`where` 'add', the default) says the list already holds every unit left; a line of the list
 * ('list'), capped at the units left, says how many are left. Its texts are
 * under AddToCart, which every page sends (lib/i18n/client-messages.ts): the notice after a click
 * on a product page shows it before the list's own texts have loaded.
 */
export function AddLimitText({
  limit,
  where = 'add',
}: {
  limit: AddLimit;
  where?: 'add' | 'list';
}) {
  const t = useTranslations('AddToCart');
  if (limit.kind === 'stock') {
    if (limit.left <= 0) return t('soldOut');
    return t(where === 'list' ? 'onlyLeft' : 'allInList', { count: limit.left });
  }
  return limit.kind === 'perProduct'
    ? t('perProductLimit', { max: limit.max })
    : t('totalLimit', { max: limit.max });
}
