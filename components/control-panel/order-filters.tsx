import Form from 'next/form';
import { getTranslations } from 'next-intl/server';
import { MAX_QUERY_LENGTH, NO_FILTERS, type OrderFilters } from '@/lib/orders/order-filters';
import type { AppLocale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import { ORDER_STATUS_KEYS } from '@/lib/orders/status';
import { panelButtonClass, panelInputClass, panelSecondaryButtonClass } from './styles';

type Props = { locale: AppLocale; filters: OrderFilters };

/**
 * Status, receiving method and search, sent as URL search params (a GET form): a filtered list
 * is a shareable address, rendered on the server. Changing a filter starts again at page 1.
 */
export async function OrderFiltersForm({ locale, filters }: Props) {
  const t = await getTranslations('ControlPanel.orders');
  const status = await getTranslations('OrderStatus');
  const filtered =
    filters.status !== NO_FILTERS.status ||
    filters.shipping !== NO_FILTERS.shipping ||
    filters.q !== NO_FILTERS.q;
  return (
    <Form
      action={`/${locale}/control-panel`}
      aria-label={t('filters')}
      className="mt-6 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
    >
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="orders-filter-status">{t('status')}</label>
        <select
          id="orders-filter-status"
          name="status"
          defaultValue={filters.status ?? ''}
          className={panelInputClass}
        >
          <option value="">{t('anyStatus')}</option>
          {ORDER_STATUS_KEYS.map((key) => (
            <option key={key} value={key}>
              {status(key)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="orders-filter-shipping">{t('receiving')}</label>
        <select
          id="orders-filter-shipping"
          name="shipping"
          defaultValue={filters.shipping ?? ''}
          className={panelInputClass}
        >
          <option value="">{t('anyReceiving')}</option>
          <option value="Entrega">{t('delivery')}</option>
          <option value="Retirada">{t('pickup')}</option>
        </select>
      </div>
      <div className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium">
        <label htmlFor="orders-filter-q">{t('search')}</label>
        <input
          id="orders-filter-q"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t('searchPlaceholder')}
          className={panelInputClass}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={panelButtonClass}>
          {t('apply')}
        </button>
        {filtered ? (
          <Link href="/control-panel" className={panelSecondaryButtonClass}>
            {t('clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
