import { getTranslations } from 'next-intl/server';
import { SectionHeading } from '@/components/ui/section-heading';
import { Link } from '@/lib/i18n/navigation';

export async function AboutSection() {
  const t = await getTranslations('About');
  return (
    <section id="quem-somos" aria-labelledby="quem-somos-title" className="px-6 py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="quem-somos-title" title={t('title')} />
        <div className="space-y-4 text-lg leading-relaxed text-cacao-700 dark:text-cacao-200">
          <p>{t('p1')}</p>
          <p>{t('p2')}</p>
          <p>
            {t.rich('p3', {
              organic: (text) => (
                <Link href="/#organicos" className="font-semibold underline">
                  {text}
                </Link>
              ),
              club: (text) => (
                <Link href="/clube" className="font-semibold underline">
                  {text}
                </Link>
              ),
            })}
          </p>
        </div>
      </div>
    </section>
  );
}
