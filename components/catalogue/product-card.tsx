import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Price } from '@/components/ui/price';
import { pictureProps } from '@/components/ui/picture-props';
import { ProductPicture } from '@/components/ui/product-picture';
import type { Product } from '@/lib/catalogue/types';
import { Link } from '@/lib/i18n/navigation';

type Props = { product: Product; action?: ReactNode; headingLevel?: 'h3' | 'h4' | 'h5' };

/** How wide a card is: one column on a phone, two from sm, up to four from lg (max 72rem). */
const CARD_SIZES = '(min-width: 1024px) 18rem, (min-width: 640px) 50vw, 100vw';

export async function ProductCard({ product, action, headingLevel: Heading = 'h3' }: Props) {
  const locale = await getLocale();
  const t = await getTranslations('Products');
  const image = product.imgSrc[0];
  const title = product.title[locale];
  return (
    <article
      data-testid={`product-card-${product.key}`}
      // For the products section's organic filter (app/globals.css).
      data-organic={product.isOrganic ? 'true' : 'false'}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cacao-200 transition render-when-near [--near-size:31rem] hover:shadow-md dark:bg-cacao-900 dark:ring-cacao-800"
    >
      {product.isPromoted ? (
        <span className="absolute top-3 left-3 z-10 rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-cacao-950">
          {t('promoted')}
        </span>
      ) : null}
      {product.isOrganic ? (
        <Badge
          tone="done"
          size="xs"
          data-testid="organic-badge"
          className="absolute top-3 right-3 z-10"
        >
          {t('organic')}
        </Badge>
      ) : null}
      {image ? (
        <ProductPicture
          picture={pictureProps(image, image.alt[locale], CARD_SIZES)}
          className="aspect-square w-full bg-cacao-100 object-cover transition group-hover:scale-[1.02]"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="text-lg font-semibold">
          <Link
            href={product.pageLink}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            aria-label={t('viewDetails', { title })}
          >
            {title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-cacao-600 dark:text-cacao-300">
          {product.subtitle[locale]}
        </p>
        {/* Price and button each stay on one line; the button moves below when both do not fit.
            The card fills its grid row (h-full) and this row sits at its bottom (mt-auto), aligned
            on its last line (items-end): the buttons of one row of cards stand at one height. */}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-3 pt-3">
          <span className="flex flex-col">
            <Price
              amount={product.price}
              className="text-lg font-bold text-cacao-800 dark:text-cacao-100"
            />
            <span className="text-xs text-muted">{product.weight}</span>
          </span>
          {action ? <div className="relative z-10">{action}</div> : null}
        </div>
      </div>
    </article>
  );
}
