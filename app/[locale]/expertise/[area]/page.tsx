import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { expertiseAreas, expertiseItems, isExpertiseArea } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import { localeAlternates } from '@/lib/site';

type Props = { params: Promise<{ locale: AppLocale; area: string }> };

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => expertiseAreas.map((area) => ({ locale, area })));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, area } = await params;
  if (!isExpertiseArea(area)) return {};
  const t = await getTranslations({ locale, namespace: 'Expertise' });
  const meta = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: meta('expertiseTitle', { title: t(`areas.${area}.title`) }),
    description: t(`areas.${area}.summary`),
    alternates: {
      canonical: `/${locale}/expertise/${area}`,
      languages: localeAlternates(`/expertise/${area}`),
    },
  };
}

export default async function ExpertisePage({ params }: Props) {
  const { locale, area } = await params;
  setRequestLocale(locale);
  if (!isExpertiseArea(area)) notFound();
  const t = await getTranslations('Expertise');
  const others = expertiseAreas.filter((other) => other !== area);
  return (
    <article className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <p className="text-sm font-semibold text-muted uppercase">{t('title')}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">
        {t(`areas.${area}.title`)}
      </h1>
      <p className="mt-4 mb-8 text-lg text-cacao-700 dark:text-cacao-200">
        {t(`areas.${area}.summary`)}
      </p>
      <PlaceholderNotice />
      <ul className="mb-12 list-disc space-y-2 pl-6">
        {expertiseItems.map((item) => (
          <li key={item}>{t(`areas.${area}.items.${item}`)}</li>
        ))}
      </ul>
      <nav aria-labelledby="other-areas">
        <h2 id="other-areas" className="mb-3 text-xl font-semibold">
          {t('otherAreas')}
        </h2>
        <ul className="flex flex-wrap gap-3">
          {others.map((other) => (
            <li key={other}>
              <Link
                href={`/expertise/${other}`}
                className="inline-block rounded-full border border-cacao-300 px-4 py-2 text-sm hover:bg-cacao-100 dark:hover:bg-cacao-900"
              >
                {t(`areas.${other}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
