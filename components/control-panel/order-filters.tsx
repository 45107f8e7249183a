import { getTranslations } from 'next-intl/server';
import { MAX_QUERY_LENGTH, NO_FILTERS, type OrderFilters } from '@/lib/orders/order-filters';
import type { AppLocale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import { ORDER_STATUS_KEYS } from '@/lib/orders/status';
import { buttonClass } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';

type Props = { locale: AppLocale; filters: OrderFilters };

/**
 * Status, receiving method and search, sent as URL search params (a GET form): a filtered list
 * is a shareable address, rendered on the server. Changing a filter starts again at the newest page (the cursor is dropped).
 */
export async function OrderFiltersForm({ locale, filters }: Props) {
  const t = await getTranslations('ControlPanel.orders');
  const status = await getTranslations('OrderStatus');
  const filtered =
    filters.status !== NO_FILTERS.status ||
    filters.shipping !== NO_FILTERS.shipping ||
    filters.q !== NO_FILTERS.q;
  return (
    // A plain GET form: the filtered list is a page load of its own address.
    <form
      action={`/${locale}/control-panel/orders`}
      aria-label={t('filters')}
      className="mt-6 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
    >
      <SelectField
        id="orders-filter-status"
        name="status"
        size="sm"
        className="w-full text-sm font-medium sm:w-auto"
        label={t('status')}
        defaultValue={filters.status ?? ''}
      >
        <option value="">{t('anyStatus')}</option>
        {ORDER_STATUS_KEYS.map((key) => (
          <option key={key} value={key}>
            {status(key)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="orders-filter-shipping"
        name="shipping"
        size="sm"
        className="w-full text-sm font-medium sm:w-auto"
        label={t('receiving')}
        defaultValue={filters.shipping ?? ''}
      >
        <option value="">{t('anyReceiving')}</option>
        <option value="Entrega">{t('delivery')}</option>
        <option value="Retirada">{t('pickup')}</option>
      </SelectField>
      <TextField
        id="orders-filter-q"
        name="q"
        type="search"
        size="sm"
        className="w-full text-sm font-medium sm:w-auto sm:min-w-56 sm:flex-1"
        label={t('search')}
        defaultValue={filters.q}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('searchPlaceholder')}
      />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass({ size: 'sm' })}>
          {t('apply')}
        </button>
        {filtered ? (
          <Link
            href="/control-panel/orders"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {t('clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
