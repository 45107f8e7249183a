import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { routing } from '@/lib/i18n/routing';
import { renderShareCard, SHARE_IMAGE_SIZE, SHARE_IMAGE_TYPE } from '@/lib/share/share-card';

// The club page's share picture, built once per locale at build time.
export const size = SHARE_IMAGE_SIZE;
export const contentType = SHARE_IMAGE_TYPE;
export const alt = 'Chocolates Tropicais';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export default async function Image({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return renderShareCard({ eyebrow: t('siteName'), title: t('clubTitle') });
}
