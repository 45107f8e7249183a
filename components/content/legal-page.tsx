import { getTranslations } from 'next-intl/server';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { legalSections } from '@/lib/content';

type Props = { namespace: 'Privacy' | 'Terms' };

/** Privacy and terms share one layout: template placeholder text from the messages files. */
export async function LegalPage({ namespace }: Props) {
  const t = await getTranslations(namespace);
  return (
    <article className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 mb-8 text-sm text-muted">{t('updated')}</p>
      <PlaceholderNotice />
      {legalSections.map((section) => (
        <section key={section} className="mb-8">
          <h2 className="mb-2 text-xl font-semibold">{t(`sections.${section}.title`)}</h2>
          <p className="leading-relaxed text-cacao-700 dark:text-cacao-200">
            {t(`sections.${section}.body`)}
          </p>
        </section>
      ))}
    </article>
  );
}
