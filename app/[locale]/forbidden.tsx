import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/**
 * What a signed-in user who is not an admin gets for the control panel (HTTP 403, no panel data).
 * Next sends this with every page under the locale, so it stays a small server component.
 */
export default async function LocaleForbidden() {
  const t = await getTranslations('ControlPanel.forbidden');
  return (
    <div
      data-testid="forbidden"
      className="mx-auto flex max-w-xl flex-col items-center px-6 pt-32 pb-20 text-center"
    >
      <p className="text-6xl font-black text-cacao-400" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('title')}</h1>
      <p className="mt-3 text-cacao-600 dark:text-cacao-300">{t('description')}</p>
      <Link href="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t('home')}
      </Link>
    </div>
  );
}
