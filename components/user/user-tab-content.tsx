import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/**
 * What the profile tab shows. For now: the way in to sign-in. The signed-in and signed-out
 * content (login form, profile, address, orders) replaces this file.
 */
export async function UserTabContent() {
  const t = await getTranslations('UserTab');
  return (
    <div className="flex flex-col items-start gap-4">
      <p>{t('signedOut')}</p>
      <Link
        href="/usuario"
        className="rounded-full bg-cacao-700 px-5 py-2.5 font-semibold text-cacao-50 hover:bg-cacao-800 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500"
      >
        {t('signIn')}
      </Link>
    </div>
  );
}
