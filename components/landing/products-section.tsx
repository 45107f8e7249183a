import { getLocale, getTranslations } from 'next-intl/server';
import { AddToCart } from '@/components/cart/add-to-cart';
import { LiveProductItem } from '@/components/catalogue/live-product-item';
import { ProductFilter } from '@/components/catalogue/product-filter';
import { ProductCard } from '@/components/catalogue/product-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { categories } from '@/lib/catalogue';
import { getStorefrontProducts } from '@/lib/inventory/repository';

/** The featured products first, otherwise in catalogue order. */
function featuredFirst<T extends { isPromoted: boolean }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(b.isPromoted) - Number(a.isPromoted));
}

/**
 * The landing's products: chips that jump to each category and type, the organic filter, then
 * every shown product once, in its category and type (the featured ones first there, with their
 * 'Destaque' badge), two to a row on a phone.
 */
export async function ProductsSection() {
  const locale = await getLocale();
  const t = await getTranslations('Products');
  // The catalogue with the live stock and flags set in the control panel (inventory/{key}).
  const listed = (await getStorefrontProducts()).filter((product) => product.showInStore);
  const organicCount = listed.filter((product) => product.isOrganic).length;
  const groups = categories
    .map((category) => ({
      category,
      types: category.types
        .map((type) => ({
          type,
          items: featuredFirst(listed.filter((product) => product.type === type.key)),
        }))
        .filter(({ items }) => items.length > 0),
    }))
    .filter(({ types }) => types.length > 0);
  // A chip per category, and per type where a category has several.
  const chips = groups.flatMap(({ category, types }) => [
    { href: `#category-${category.key}`, label: category.name[locale] },
    ...(types.length > 1
      ? types.map(({ type }) => ({ href: `#type-${type.key}`, label: type.name[locale] }))
      : []),
  ]);

  return (
    <section
      id="chocolates"
      aria-labelledby="chocolates-title"
      className="px-4 py-12 sm:px-6 sm:py-16"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="chocolates-title" title={t('title')}>
          <p>{t('subtitle')}</p>
        </SectionHeading>

        {/* Real links: they jump before the page's script has loaded too. One row, scrolled
            sideways on a phone. */}
        <nav
          aria-label={t('jumpLabel')}
          className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0"
        >
          <ul className="mx-auto flex w-max gap-2 pb-1">
            {chips.map((chip) => (
              <li key={chip.href}>
                <a href={chip.href} className="chip">
                  {chip.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <ProductFilter
          labels={{
            group: t('filterLabel'),
            all: t('filterAll'),
            organic: t('filterOrganic'),
            status: t('filterStatus', { count: organicCount }),
          }}
        >
          {groups.map(({ category, types }) => (
            <section
              key={category.key}
              id={`category-${category.key}`}
              aria-labelledby={`category-${category.key}-title`}
              className="mb-12"
            >
              <h3
                id={`category-${category.key}-title`}
                className="mb-4 border-b border-cacao-200 pb-2 text-2xl font-bold dark:border-cacao-800"
              >
                {category.name[locale]}
              </h3>
              {types.map(({ type, items }) => (
                <section
                  key={type.key}
                  id={`type-${type.key}`}
                  aria-labelledby={`type-${type.key}-title`}
                  className="mb-8"
                >
                  <h4
                    id={`type-${type.key}-title`}
                    className="mb-3 text-lg font-semibold text-cacao-600 dark:text-cacao-300"
                  >
                    {type.name[locale]}{' '}
                    <span data-product-count className="text-sm font-normal text-muted">
                      ({t('productCount', { count: items.length })})
                    </span>
                  </h4>
                  <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
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
              ))}
            </section>
          ))}
        </ProductFilter>
      </div>
    </section>
  );
}
