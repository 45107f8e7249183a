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
      // Only the shadow and the picture's scale are animated: a colour transition would fade the
      // card's background and text for 150 ms after every change of color mode, and a contrast
      // read in that time (axe, a screenshot) saw a white card with light text. The card shows
      // its link's keyboard focus (the link's box covers it).
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cacao-200 transition-shadow render-when-near [--near-size:21rem] hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-gold-line sm:[--near-size:31rem] dark:bg-cacao-900 dark:ring-cacao-800"
    >
      {product.isPromoted ? (
        <span className="absolute top-2 left-2 z-10 rounded-full bg-gold-400 px-2.5 py-1 text-xs font-semibold text-cacao-950 sm:top-3 sm:left-3 sm:px-3">
          {t('promoted')}
        </span>
      ) : null}
      {product.isOrganic ? (
        <Badge
          tone="done"
          size="xs"
          data-testid="organic-badge"
          className="absolute top-2 right-2 z-10 sm:top-3 sm:right-3"
        >
          {t('organic')}
        </Badge>
      ) : null}
      {image ? (
        <ProductPicture
          picture={pictureProps(image, image.alt[locale], CARD_SIZES)}
          className="aspect-square w-full bg-cacao-100 object-cover transition-transform group-hover:scale-[1.02]"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <Heading className="text-base leading-snug font-semibold sm:text-lg">
          <Link
            href={product.pageLink}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            aria-label={t('viewDetails', { title })}
          >
            {title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-xs text-cacao-600 sm:text-sm dark:text-cacao-300">
          {product.subtitle[locale]}
        </p>
        {/* Price and button each stay on one line; the button moves below when both do not fit.
            The card fills its grid row (h-full) and this row sits at its bottom (mt-auto), aligned
            on its last line (items-end): the buttons of one row of cards stand at one height. */}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-3 pt-3">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <Price
              amount={product.price}
              className="text-base font-bold whitespace-nowrap text-cacao-800 sm:text-lg dark:text-cacao-100"
            />
            <span className="text-xs text-muted">{product.weight}</span>
          </span>
          {/* On a phone's two columns the button takes the card's width, below the price. */}
          {action ? (
            <div className="relative z-10 w-full *:w-full sm:w-auto sm:*:w-auto">{action}</div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
