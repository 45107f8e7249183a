import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { getProduct, products } from '@/lib/catalogue';
import { formatPrice } from '@/lib/catalogue/format';
import { routing } from '@/lib/i18n/routing';
import { renderShareCard } from '@/lib/share/share-card';

// A product's share picture: its artwork, title, subtitle and price, built at build time.
export { alt, contentType, size } from '@/lib/share/page-image';

export function generateStaticParams() {
  return routing.locales.flatMap((locale) =>
    products.map((product) => ({ locale, key: product.key })),
  );
}

type Props = { params: Promise<{ locale: string; key: string }> };

export default async function Image({ params }: Props) {
  const { locale, key } = await params;
  const product = getProduct(key);
  if (!product || !hasLocale(routing.locales, locale)) notFound();
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const image = product.imgSrc[0];
  return renderShareCard({
    eyebrow: t('siteName'),
    title: product.title[locale],
    subtitle: product.subtitle[locale],
    badge: formatPrice(product.price),
    artwork: image ? { src: image.src, width: image.width, height: image.height } : undefined,
  });
}
