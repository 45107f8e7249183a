import { getTranslations } from 'next-intl/server';
import { orderFiltersQuery, type OrderFilters } from '@/lib/orders/order-filters';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

type Props = { filters: OrderFilters; page: number; pages: number };

/** Previous / next page links that keep the filters. */
export async function OrdersPagination({ filters, page, pages }: Props) {
  const t = await getTranslations('ControlPanel.orders');
  if (pages <= 1) return null;
  const href = (target: number) =>
    `/control-panel${orderFiltersQuery({ ...filters, page: target })}`;
  return (
    <nav aria-label={t('pagination')} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link
          href={href(page - 1)}
          rel="prev"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('page', { page, pages })}</p>
      {page < pages ? (
        <Link
          href={href(page + 1)}
          rel="next"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
