import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

type Props = { title: string; description: string; href?: string };

export async function NotFoundMessage({ title, description, href = '/' }: Props) {
  const t = await getTranslations('Common');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 pt-32 pb-20 text-center">
      <p className="text-6xl font-black text-cacao-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-cacao-600 dark:text-cacao-300">{description}</p>
      <Link href={href} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {href === '/' ? t('backToHome') : t('backToStore')}
      </Link>
    </div>
  );
}
