import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { DeferredLiveOrders } from '@/components/control-panel/deferred-orders';
import { OrderCard } from '@/components/control-panel/order-card';
import { OrderFiltersForm } from '@/components/control-panel/order-filters';
import { OrdersPagination } from '@/components/control-panel/pagination';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import { orderFiltersQuery, parseOrderFilters } from '@/lib/orders/order-filters';
import { expireDueOrdersLazily } from '@/lib/orders/expiry';
import { listPanelOrders } from '@/lib/orders/repository/panel';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The shop's orders, newest first, filtered through the URL (?status=&shipping=&q=, and a cursor ?after= or ?before= for paging). */
export default async function ControlPanelOrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Before any order is read: the layout's check does not protect a page rendered without it.
  // A backend fault: the layout is not re-rendered between panel pages, so each says it too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const filters = parseOrderFilters(await searchParams);
  // Unpaid orders past their deadline are shown cancelled, not waiting.
  await expireDueOrdersLazily();
  // Firestore frozen after the session check: say so rather than hang.
  const result = await withinBackendDeadline(listPanelOrders(filters), 'listPanelOrders');
  if (!result) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.orders');
  const tExport = await getTranslations('OrderExport');
  const messages = await getMessages();
  // The export takes every page of the filtered list, so the cursor is left out.
  const exportHref = `/${locale}/control-panel/export${orderFiltersQuery({ ...filters, after: null, before: null })}`;

  return (
    <section aria-labelledby="orders-title" className="mt-8">
      <h2 id="orders-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      {/* Only this island needs these messages in the browser. */}
      <NextIntlClientProvider messages={{ LiveOrders: messages.LiveOrders }}>
        <DeferredLiveOrders />
      </NextIntlClientProvider>
      <OrderFiltersForm locale={locale} filters={filters} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-cacao-600 dark:text-cacao-300" data-testid="orders-count">
          {t('count', { count: result.total })}
        </p>
        {/* A plain link: the browser downloads the file (Content-Disposition: attachment). */}
        <a
          href={exportHref}
          download
          aria-label={tExport('downloadLabel')}
          className="inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-cacao-300 hover:bg-cacao-100 dark:ring-cacao-700 dark:hover:bg-cacao-800"
        >
          {tExport('download')}
        </a>
      </div>
      {result.items.length === 0 ? (
        <p className="mt-6">{t('empty')}</p>
      ) : (
        // The cards' status parts are client components (components/control-panel/order-status.tsx).
        <NextIntlClientProvider
          messages={{
            OrderStatus: messages.OrderStatus,
            ControlPanel: {
              orders: {
                lastChange: messages.ControlPanel.orders.lastChange,
              },
              statusEditor: messages.ControlPanel.statusEditor,
            },
            IslandCode: messages.IslandCode,
          }}
        >
          <ol className="mt-4 flex flex-col gap-4">
            {result.items.map((order) => (
              <li key={order.orderId}>
                <OrderCard order={order} locale={locale} />
              </li>
            ))}
          </ol>
        </NextIntlClientProvider>
      )}
      <OrdersPagination filters={filters} previous={result.previous} next={result.next} />
    </section>
  );
}
