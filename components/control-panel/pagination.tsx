import { getTranslations } from 'next-intl/server';
import { orderFiltersQuery, type OrderCursor, type OrderFilters } from '@/lib/orders/order-filters';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

type Props = { filters: OrderFilters; previous: OrderCursor | null; next: OrderCursor | null };

/**
 * Previous / next page links that keep the filters. Each carries a cursor (lib/orders/
 * order-filters.ts): the page before the first order shown, or after the last one.
 */
export async function OrdersPagination({ filters, previous, next }: Props) {
  const t = await getTranslations('ControlPanel.orders');
  if (!previous && !next) return null;
  const base = { ...filters, after: null, before: null };
  return (
    <nav aria-label={t('pagination')} className="mt-8 flex items-center justify-between gap-4">
      {previous ? (
        <Link
          href={`/control-panel/orders${orderFiltersQuery({ ...base, before: previous })}`}
          rel="prev"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link
          href={`/control-panel/orders${orderFiltersQuery({ ...base, after: next })}`}
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
