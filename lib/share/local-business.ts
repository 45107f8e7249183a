import { SHOP } from '@/lib/shop';

const SCHEMA_DAYS = {
  Mo: 'https://schema.org/Monday',
  Tu: 'https://schema.org/Tuesday',
  We: 'https://schema.org/Wednesday',
  Th: 'https://schema.org/Thursday',
  Fr: 'https://schema.org/Friday',
  Sa: 'https://schema.org/Saturday',
  Su: 'https://schema.org/Sunday',
} as const;

type Shop = typeof SHOP;

/**
 * schema.org Store (a LocalBusiness) for the landing page, from lib/shop.ts: name, address,
 * telephone and opening hours. No geo coordinates: the shop has none on record.
 */
export function localBusinessJsonLd(options: {
  url: string;
  image: string;
  description: string;
  shop?: Shop;
}) {
  const shop = options.shop ?? SHOP;
  const { street, district, city, state, postalCode } = shop.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    '@id': `${options.url}#store`,
    name: shop.name,
    description: options.description,
    url: options.url,
    image: options.image,
    telephone: shop.phone.e164,
    currenciesAccepted: 'BRL',
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${street} - ${district}`,
      addressLocality: city,
      addressRegion: state,
      postalCode,
      addressCountry: 'BR',
    },
    openingHoursSpecification: shop.openingHours.ranges.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: shop.openingHours.days.map((day) => SCHEMA_DAYS[day]),
      opens: range.opens,
      closes: range.closes,
    })),
  };
}
