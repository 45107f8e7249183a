import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { getAvailability } from '@/lib/catalogue/availability';
import type { Product } from '@/lib/catalogue/types';
import type { AppLocale } from '@/lib/i18n/routing';
import { PlusIcon } from '@/components/ui/icons';
import { AddToCartButton, type AddToCartLabels } from './add-to-cart-button';

type Size = 'small' | 'large';
type Props = { product: Product; stock?: number; size?: Size };

// One labels object and one icon per page and size: the page's payload writes an object handed
// to several client components once and refers to it after, so the landing's buttons do not each
// carry the same texts and drawing.
const sharedLabels = cache(async (locale: AppLocale, size: Size): Promise<AddToCartLabels> => {
  const t = await getTranslations({ locale, namespace: 'AddToCart' });
  return {
    add: t('add'),
    addShort: size === 'large' ? undefined : t('addShort'),
    soldOut: t('soldOut'),
    unavailable: t('unavailable'),
  };
});
const sharedIcon = cache((size: Size) => (
  <PlusIcon className={size === 'large' ? 'size-5' : 'size-4'} />
));

/**
 * The add-to-cart button of a product card or page, translated here so the client island only
 * receives its strings. Disabled when the product is not for sale ('Indisponível') or out of stock
 * ('Esgotado'); pass the storefront product (lib/inventory) so both reflect the live inventory.
 * The product page's large one also stops at the units left or the per-customer limit.
 */
export async function AddToCart({ product, stock = product.stockQtty, size = 'small' }: Props) {
  const locale = await getLocale();
  const t = await getTranslations('AddToCart');
  const availability = getAvailability(product, stock);
  return (
    <AddToCartButton
      productKey={product.key}
      labels={await sharedLabels(locale, size)}
      accessibleLabel={t('addLabel', { title: product.title[locale] })}
      purchasable={availability === 'in-stock' || availability === 'low-stock'}
      soldOut={availability === 'out-of-stock' ? true : undefined}
      size={size === 'large' ? size : undefined}
      stopAtLimit={size === 'large' ? true : undefined}
      icon={sharedIcon(size)}
    />
  );
}
