import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { expertiseAreas, isExpertiseArea } from '@/lib/content';
import { routing } from '@/lib/i18n/routing';
import { renderShareCard } from '@/lib/share/share-card';

// An expertise area's share picture, built at build time.
export { alt, contentType, size } from '@/lib/share/page-image';

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => expertiseAreas.map((area) => ({ locale, area })));
}

type Props = { params: Promise<{ locale: string; area: string }> };

export default async function Image({ params }: Props) {
  const { locale, area } = await params;
  if (!isExpertiseArea(area) || !hasLocale(routing.locales, locale)) notFound();
  const t = await getTranslations({ locale, namespace: 'Expertise' });
  const meta = await getTranslations({ locale, namespace: 'Metadata' });
  return renderShareCard({
    eyebrow: `${meta('siteName')} · ${t('title')}`,
    title: t(`areas.${area}.title`),
    subtitle: t(`areas.${area}.summary`),
  });
}
