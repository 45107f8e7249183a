import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClubJsonLd } from '@/components/club/club-json-ld';
import { CLUB_FAQ, ClubPage } from '@/components/club/club-page';
import { clubPlans, selectionFor } from '@/lib/club/config';
import type { AppLocale } from '@/lib/i18n/routing';
import { localeAlternates } from '@/lib/site';

type Props = { params: Promise<{ locale: AppLocale }> };

// The path is '/clube' in both languages, as every page of the shop keeps one path per page
// ('/privacidade', '/usuario'), so the language switch and hreflang need no mapping.
const PATH = '/clube';

// Prerendered; regenerated hourly so the month's selection turns with the month.
export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const title = t('clubTitle');
  const description = t('clubDescription');
  return {
    title,
    description,
    alternates: { canonical: `/${locale}${PATH}`, languages: localeAlternates(PATH) },
    openGraph: {
      type: 'website',
      title,
      description,
      url: `/${locale}${PATH}`,
      locale: locale === 'pt-BR' ? 'pt_BR' : 'en_US',
      // The picture is ./opengraph-image.tsx.
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export default async function ClubRoute({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Club');
  const meta = await getTranslations('Metadata');
  const faq = CLUB_FAQ.map((n) => ({ question: t(`faq.q${n}`), answer: t(`faq.a${n}`) }));
  return (
    <>
      <ClubJsonLd
        locale={locale}
        name={t('eyebrow')}
        description={meta('clubDescription')}
        plans={clubPlans}
        faq={faq}
      />
      <ClubPage locale={locale} plans={clubPlans} selection={selectionFor(new Date())} />
    </>
  );
}
