import { getTranslations } from 'next-intl/server';
import { SectionHeading } from '@/components/ui/section-heading';
import { PRODUCT_FILTER_LINK } from '@/lib/catalogue/filters';

/**
 * The landing's organic line (#organicos): what makes it organic, and a link to its products in
 * the products section (filtered there, so no product is shown twice on the page).
 */
export async function OrganicSection() {
  const t = await getTranslations('Organic');
  return (
    <section
      id="organicos"
      aria-labelledby="organicos-title"
      className="bg-cacao-100 px-6 py-12 sm:py-16 dark:bg-cacao-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="organicos-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <div className="mx-auto max-w-3xl space-y-3 text-cacao-700 dark:text-cacao-200">
          <p>{t('p1')}</p>
          <p>{t('p2')}</p>
        </div>
        {/* A real link to the products: before the page's script it jumps there; with it, the
            products section also turns its filter to the organic line. */}
        <p className="mt-6 text-center">
          <a href="#chocolates" {...{ [PRODUCT_FILTER_LINK]: 'organic' }} className="chip">
            {t('showProducts')}
          </a>
        </p>
      </div>
    </section>
  );
}
