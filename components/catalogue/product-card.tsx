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
      // Its look and its parts' are in app/globals.css (product-card, card-*).
      className="group product-card render-when-near"
    >
      {product.isPromoted ? <span className="card-promoted">{t('promoted')}</span> : null}
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
          className="card-picture"
        />
      ) : null}
      <div className="card-body">
        <Heading className="card-title">
          <Link
            href={product.pageLink}
            className="card-link"
            aria-label={t('viewDetails', { title })}
          >
            {title}
          </Link>
        </Heading>
        <p className="card-subtitle">{product.subtitle[locale]}</p>
        <div className="card-foot">
          <span className="card-price-line">
            <Price amount={product.price} className="card-price" />
            <span className="text-xs text-muted">{product.weight}</span>
          </span>
          {action ? <div className="card-action">{action}</div> : null}
        </div>
      </div>
    </article>
  );
}
