import { getTranslations } from 'next-intl/server';
import { AddToCart } from '@/components/cart/add-to-cart';
import { LiveProductItem } from '@/components/catalogue/live-product-item';
import { ProductCard } from '@/components/catalogue/product-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { filterProducts } from '@/lib/catalogue/filters';
import { getStorefrontProducts } from '@/lib/inventory/repository';

/** The landing's organic line (#organicos): what makes it organic, and its products. */
export async function OrganicSection() {
  const t = await getTranslations('Organic');
  // The same live read as the products section (one per render, lib/inventory/repository.ts).
  const shown = (await getStorefrontProducts()).filter((product) => product.showInStore);
  const organic = filterProducts(shown, 'organic');
  return (
    <section
      id="organicos"
      aria-labelledby="organicos-title"
      className="bg-cacao-100 px-6 py-16 dark:bg-cacao-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="organicos-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <div className="mx-auto mb-10 max-w-3xl space-y-3 text-cacao-700 dark:text-cacao-200">
          <p>{t('p1')}</p>
          <p>{t('p2')}</p>
        </div>
        {organic.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {organic.map((product) => (
              <LiveProductItem key={product.key} productKey={product.key}>
                <ProductCard product={product} action={<AddToCart product={product} />} />
              </LiveProductItem>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
