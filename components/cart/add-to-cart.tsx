import { getLocale, getTranslations } from 'next-intl/server';
import { getAvailability } from '@/lib/catalogue/availability';
import type { Product } from '@/lib/catalogue/types';
import { PlusIcon } from '@/components/ui/icons';
import { AddToCartButton } from './add-to-cart-button';

type Props = { product: Product; stock?: number; size?: 'small' | 'large' };

/**
 * The add-to-cart button of a product card or page, translated here so the client island only
 * receives its strings. Disabled when the product is not for sale ('Indisponível') or out of stock
 * ('Esgotado'); pass the storefront product (lib/inventory) so both reflect the live inventory.
 * The product page's large one also stops at the units left or the per-customer limit.
 */
export async function AddToCart({ product, stock = product.stockQtty, size }: Props) {
  const locale = await getLocale();
  const t = await getTranslations('AddToCart');
  const availability = getAvailability(product, stock);
  return (
    <AddToCartButton
      productKey={product.key}
      label={t('add')}
      shortLabel={size === 'large' ? undefined : t('addShort')}
      accessibleLabel={t('addLabel', { title: product.title[locale] })}
      unavailableLabel={availability === 'out-of-stock' ? t('soldOut') : t('unavailable')}
      purchasable={availability === 'in-stock' || availability === 'low-stock'}
      soldOutLabel={t('soldOut')}
      notForSaleLabel={t('unavailable')}
      size={size}
      stopAtLimit={size === 'large'}
      icon={<PlusIcon className={size === 'large' ? 'size-5' : 'size-4'} />}
    />
  );
}
