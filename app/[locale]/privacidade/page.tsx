import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LegalPage } from '@/components/content/legal-page';
import type { AppLocale } from '@/lib/i18n/routing';
import { localeAlternates } from '@/lib/site';

type Props = { params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: t('privacyTitle'),
    alternates: {
      canonical: '/' + locale + '/privacidade',
      languages: localeAlternates('/privacidade'),
    },
  };
}

export default async function PrivacyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <LegalPage namespace="Privacy" />;
}
