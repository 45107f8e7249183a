import { getLocale, getTranslations } from 'next-intl/server';
import { AddToCart } from '@/components/cart/add-to-cart';
import { LiveProductItem } from '@/components/catalogue/live-product-item';
import { ProductFilter } from '@/components/catalogue/product-filter';
import { ProductCard } from '@/components/catalogue/product-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { categories } from '@/lib/catalogue';
import { getStorefrontProducts } from '@/lib/inventory/repository';

export async function ProductsSection() {
  const locale = await getLocale();
  const t = await getTranslations('Products');
  // The catalogue with the live stock and flags set in the control panel (inventory/{key}).
  const listed = (await getStorefrontProducts()).filter((product) => product.showInStore);
  const featured = listed.filter((product) => product.isPromoted);
  const organicCount = listed.filter((product) => product.isOrganic).length;

  return (
    <section id="chocolates" aria-labelledby="chocolates-title" className="px-6 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="chocolates-title" title={t('title')}>
          <p>{t('subtitle')}</p>
        </SectionHeading>

        <ProductFilter
          labels={{
            group: t('filterLabel'),
            all: t('filterAll'),
            organic: t('filterOrganic'),
            status: t('filterStatus', { count: organicCount }),
          }}
        >
          {featured.length > 0 ? (
            <section aria-labelledby="featured-title" className="mb-14">
              <h3 id="featured-title" className="mb-4 text-2xl font-bold">
                {t('featured')}
              </h3>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {featured.map((product) => (
                  <LiveProductItem key={product.key} productKey={product.key}>
                    <ProductCard
                      product={product}
                      headingLevel="h4"
                      action={<AddToCart product={product} />}
                    />
                  </LiveProductItem>
                ))}
              </ul>
            </section>
          ) : null}

          {categories.map((category) => (
            <section
              key={category.key}
              aria-labelledby={`category-${category.key}`}
              className="mb-14"
            >
              <h3
                id={`category-${category.key}`}
                className="mb-6 border-b border-cacao-200 pb-2 text-2xl font-bold dark:border-cacao-800"
              >
                {category.name[locale]}
              </h3>
              {category.types.map((type) => {
                const items = listed.filter((product) => product.type === type.key);
                if (items.length === 0) return null;
                return (
                  <section key={type.key} aria-labelledby={`type-${type.key}`} className="mb-10">
                    <h4
                      id={`type-${type.key}`}
                      className="mb-4 text-lg font-semibold text-cacao-600 dark:text-cacao-300"
                    >
                      {type.name[locale]}{' '}
                      <span data-product-count className="text-sm font-normal text-muted">
                        ({t('productCount', { count: items.length })})
                      </span>
                    </h4>
                    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                      {items.map((product) => (
                        <LiveProductItem key={product.key} productKey={product.key}>
                          <ProductCard
                            product={product}
                            headingLevel="h5"
                            action={<AddToCart product={product} />}
                          />
                        </LiveProductItem>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </section>
          ))}
        </ProductFilter>
      </div>
    </section>
  );
}
