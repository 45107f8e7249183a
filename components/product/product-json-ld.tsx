import { schemaOrgAvailability, type Availability } from '@/lib/catalogue/availability';
import { decimalPrice } from '@/lib/catalogue/format';
import type { Product } from '@/lib/catalogue/types';
import type { AppLocale } from '@/lib/i18n/routing';
import { SITE_URL } from '@/lib/site';

type Props = { product: Product; locale: AppLocale; availability: Availability };

/** schema.org Product data for search engines. */
export function ProductJsonLd({ product, locale, availability }: Props) {
  const url = `${SITE_URL}/${locale}${product.pageLink}`;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title[locale],
    description: product.description[locale].join(' '),
    sku: product.key,
    image: product.imgSrc.map((image) => `${SITE_URL}${image.src}`),
    category: product.category,
    weight: product.weight,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(product.price),
      priceCurrency: 'BRL',
      availability: schemaOrgAvailability[availability],
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  return (
    <script
      type="application/ld+json"
      // JSON.stringify never emits '<' unescaped from our data, but escape it anyway so no
      // catalogue text can close the script element.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
