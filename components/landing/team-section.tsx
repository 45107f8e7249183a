import { getTranslations } from 'next-intl/server';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { SectionHeading } from '@/components/ui/section-heading';
import { teamMembers } from '@/lib/content';

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

export async function TeamSection() {
  const t = await getTranslations('Team');
  return (
    <section
      id="equipe"
      aria-labelledby="equipe-title"
      className="bg-cacao-100 px-6 py-12 render-when-near [--near-size:69rem] sm:py-16 sm:[--near-size:36rem] dark:bg-cacao-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="equipe-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <PlaceholderNotice />
        <ul className="grid gap-6 sm:grid-cols-3">
          {teamMembers.map((member) => {
            const name = t(`members.${member}.name`);
            return (
              <li
                key={member}
                className="rounded-2xl bg-cacao-50 p-6 text-center shadow-sm dark:bg-cacao-950"
              >
                <span
                  aria-hidden="true"
                  className="mx-auto mb-4 grid size-16 place-items-center rounded-full bg-cacao-700 text-xl font-bold text-cacao-50"
                >
                  {initials(name)}
                </span>
                <h3 className="text-lg font-semibold">{name}</h3>
                <p className="text-sm font-medium text-gold-700 dark:text-gold-400">
                  {t(`members.${member}.role`)}
                </p>
                <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">
                  {t(`members.${member}.bio`)}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
