import { getTranslations } from 'next-intl/server';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { SectionHeading } from '@/components/ui/section-heading';
import { expertiseAreas } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';

export async function ExpertiseSection() {
  const t = await getTranslations('Expertise');
  return (
    <section
      id="areas-de-atuacao"
      aria-labelledby="areas-title"
      className="bg-cacao-100 px-6 py-12 render-when-near [--near-size:70rem] sm:py-16 sm:[--near-size:42rem] lg:[--near-size:33rem] dark:bg-cacao-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="areas-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <PlaceholderNotice />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {expertiseAreas.map((area) => {
            const title = t(`areas.${area}.title`);
            return (
              <li
                key={area}
                className="relative rounded-2xl bg-cacao-50 p-6 shadow-sm dark:bg-cacao-950"
              >
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">
                  {t(`areas.${area}.summary`)}
                </p>
                <Link
                  href={`/expertise/${area}`}
                  className="mt-4 inline-block text-sm font-semibold text-cacao-700 underline-offset-4 after:absolute after:inset-0 hover:underline dark:text-gold-400"
                >
                  {t('readMore', { title })}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
