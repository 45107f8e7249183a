import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { formatPrice } from '@/lib/catalogue/format';
import { listProductRecords } from '@/lib/catalogue/repository';
import { getStorefrontProduct } from '@/lib/inventory/repository';
import { routing } from '@/lib/i18n/routing';
import { renderShareCard } from '@/lib/share/share-card';

// A product's share picture: its picture, title, subtitle and price. Built at build time, then
// again after a catalogue edit (the page cache, lib/cache/storefront-cache-handler.mjs).
export { alt, contentType, size } from '@/lib/share/page-image';
export const revalidate = 3600;

export async function generateStaticParams() {
  const records = await listProductRecords();
  return routing.locales.flatMap((locale) =>
    records.map((record) => ({ locale, key: record.key })),
  );
}

type Props = { params: Promise<{ locale: string; key: string }> };

export default async function Image({ params }: Props) {
  const { locale, key } = await params;
  const product = await getStorefrontProduct(key);
  if (!product?.showInStore || !hasLocale(routing.locales, locale)) notFound();
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
