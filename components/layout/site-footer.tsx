import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

export async function SiteFooter() {
  const t = await getTranslations('Footer');
  const nav = await getTranslations('Navigation');
  return (
    <footer className="border-t border-cacao-200 bg-cacao-100 px-6 pt-8 pb-28 text-sm text-cacao-700 dark:border-cacao-800 dark:bg-cacao-900 dark:text-cacao-200">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 sm:flex-row">
        <p>{t('copyright')}</p>
        <Link href="/clube" className="font-semibold hover:underline">
          {nav('club')}
        </Link>
        <nav aria-label={t('legal')} className="flex gap-6">
          <Link href="/privacidade" className="hover:underline">
            {nav('privacy')}
          </Link>
          <Link href="/termos-de-uso" className="hover:underline">
            {nav('terms')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
