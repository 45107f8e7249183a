import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Price } from '@/components/ui/price';
import { LiveAvailability } from '@/components/catalogue/live-availability';
import { LOW_STOCK_THRESHOLD, type Availability } from '@/lib/catalogue/availability';
import { categories } from '@/lib/catalogue';
import type { Product } from '@/lib/catalogue/types';
import { Link } from '@/lib/i18n/navigation';
import { pictureProps } from '@/components/ui/picture-props';
import { ProductGallery } from './product-gallery';

type Props = { product: Product; availability: Availability; stock: number; action?: ReactNode };

/** The main picture: half of the page's 72rem from md, the screen's width below. */
const MAIN_SIZES = '(min-width: 768px) 36rem, 100vw';

export async function ProductDetails({ product, availability, stock, action }: Props) {
  const locale = await getLocale();
  const t = await getTranslations('Product');
  const nav = await getTranslations('Navigation');
  const products = await getTranslations('Products');
  const allergens = await getTranslations('Allergens');
  const category = categories.find((c) => c.key === product.category);
  const type = category?.types.find((candidate) => candidate.key === product.type);
  const title = product.title[locale];

  const availabilityText = {
    'in-stock': t('inStock'),
    'low-stock': t('lowStock', { count: stock }),
    'out-of-stock': t('outOfStock'),
    unavailable: t('unavailable'),
  }[availability];

  return (
    <article className="mx-auto max-w-6xl px-6 pt-24 pb-16">
      <nav aria-label={t('breadcrumb')} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link href="/" className="hover:underline">
              {nav('home')}
            </Link>{' '}
            /
          </li>
          <li>
            <Link href="/#chocolates" className="hover:underline">
              {nav('chocolates')}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-cacao-700 dark:text-cacao-200">
            {title}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 md:grid-cols-2">
        <ProductGallery
          label={t('gallery')}
          pictures={product.imgSrc.map((image) => ({
            main: pictureProps(image, image.alt[locale], MAIN_SIZES),
            thumbnail: pictureProps(image, '', '5rem'),
          }))}
          thumbLabels={product.imgSrc.map((_, index) => t('showImage', { index: index + 1 }))}
        />
        <div className="flex flex-col gap-5">
          <header>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            {product.isOrganic ? (
              <Badge
                tone="done"
                size="sm"
                data-testid="organic-badge"
                className="mt-2 inline-block"
              >
                {products('organic')}
              </Badge>
            ) : null}
            <p className="mt-2 text-lg text-cacao-600 dark:text-cacao-300">
              {product.subtitle[locale]}
            </p>
          </header>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted">{t('price')}</dt>
              <dd>
                <Price amount={product.price} className="text-2xl font-bold" />
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('weight')}</dt>
              <dd className="text-2xl font-bold">{product.weight}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('category')}</dt>
              <dd>{category?.name[locale]}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('type')}</dt>
              <dd>{type?.name[locale]}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted">{t('availability')}</dt>
              <LiveAvailability
                productKey={product.key}
                availability={availability}
                labels={{
                  inStock: t('inStock'),
                  lowStock: Array.from({ length: LOW_STOCK_THRESHOLD }, (_, index) =>
                    t('lowStock', { count: index + 1 }),
                  ),
                  outOfStock: t('outOfStock'),
                  unavailable: t('unavailable'),
                }}
              >
                {availabilityText}
              </LiveAvailability>
            </div>
          </dl>
          {action}
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 text-xl font-semibold">
              {t('description')}
            </h2>
            <div className="space-y-3 leading-relaxed text-cacao-700 dark:text-cacao-200">
              {product.description[locale].map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>
          <section aria-labelledby="ingredients-title">
            <h2 id="ingredients-title" className="mb-2 text-xl font-semibold">
              {t('ingredients')}
            </h2>
            <ul className="divide-y divide-cacao-200 dark:divide-cacao-800">
              {product.ingredients.map((ingredient, index) => (
                <li key={index} className="py-3">
                  <h3 className="font-semibold">{ingredient.name[locale]}</h3>
                  {ingredient.description[locale].map((line, lineIndex) => (
                    <p key={lineIndex} className="text-sm text-cacao-600 dark:text-cacao-300">
                      {line}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          </section>
          {product.allergens.length > 0 ? (
            <section aria-labelledby="allergens-title">
              <h2 id="allergens-title" className="mb-2 text-xl font-semibold">
                {t('allergens')}
              </h2>
              <ul data-testid="allergens" className="flex flex-col gap-1 text-sm font-semibold">
                {product.allergens.map((key) => (
                  <li key={key}>{allergens(key)}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}
