import { getLocale, getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import type { CategoryKey } from '@/lib/catalogue/types';
import { Link } from '@/lib/i18n/navigation';
import { getStorefrontProducts } from '@/lib/inventory/repository';

type Props = { title: string; category: CategoryKey };

/** How many products of the same category the page suggests. */
const SUGGESTIONS = 3;

/**
 * The page of a product that left the shop (archived, or taken out of the shop window): it says
 * so by name and leads on, to products of the same category, the whole catalogue and home.
 */
export async function ProductUnavailable({ title, category }: Props) {
  const locale = await getLocale();
  const t = await getTranslations('ProductUnavailable');
  const others = (await getStorefrontProducts())
    .filter((product) => product.showInStore && product.title[locale] !== title)
    .sort((a, b) => Number(b.category === category) - Number(a.category === category))
    .slice(0, SUGGESTIONS);
  return (
    <section
      data-testid="product-unavailable"
      className="mx-auto flex max-w-2xl flex-col items-center px-6 pt-32 pb-20 text-center"
    >
      <h1 className="text-3xl font-bold">{t('title', { title })}</h1>
      <p className="mt-3 text-cacao-600 dark:text-cacao-300">{t('description')}</p>
      {others.length > 0 ? (
        <nav aria-labelledby="unavailable-others" className="mt-8 w-full">
          <h2 id="unavailable-others" className="text-lg font-semibold">
            {t('others')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {others.map((product) => (
              <li key={product.key}>
                <Link href={product.pageLink} className="font-semibold underline">
                  {product.title[locale]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/#chocolates" className={buttonClass({ size: 'lg' })}>
          {t('toShop')}
        </Link>
        <Link href="/" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
          {t('toHome')}
        </Link>
      </div>
    </section>
  );
}
