import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { DeferredStockForm } from '@/components/control-panel/deferred-forms';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { productPageLink } from '@/lib/catalogue/product';
import { listProductRecords } from '@/lib/catalogue/repository';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import { getInventoryOverlay } from '@/lib/inventory/repository';
import type { AppLocale } from '@/lib/i18n/routing';
import { expireDueOrdersLazily } from '@/lib/orders/expiry';
import { waitingCounts } from '@/lib/restock/repository';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** Stock and storefront flags of the catalogue's products, as stored in Firestore. */
export default async function ControlPanelStockPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page says it on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  // Units held by unpaid orders past their deadline come back before the stock is shown.
  await expireDueOrdersLazily();
  // Firestore frozen after the session check: say so rather than hang.
  const read = await withinBackendDeadline(
    Promise.all([
      listProductRecords().then(async (records) => ({
        records,
        overlay: await getInventoryOverlay(records),
      })),
      waitingCounts(),
    ]),
    'getInventoryOverlay',
  );
  if (!read) return <ServiceUnavailable />;
  const [{ records, overlay }, waiting] = read;
  const t = await getTranslations('ControlPanel.stock');
  const messages = await getMessages();

  return (
    <section aria-labelledby="stock-title" className="mt-8">
      <h2 id="stock-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      {/* Only this island needs these messages in the browser. */}
      <NextIntlClientProvider
        messages={{
          ControlPanel: { stock: messages.ControlPanel.stock },
          IslandCode: messages.IslandCode,
        }}
      >
        <DeferredStockForm
          locale={locale}
          rows={records.map((record) => ({
            key: record.key,
            title: record.title[locale],
            pageLink: productPageLink(record.key),
            waiting: waiting.get(record.key) ?? 0,
          }))}
          entries={overlay}
        />
      </NextIntlClientProvider>
    </section>
  );
}
