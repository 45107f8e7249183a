import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StockRow } from '@/components/control-panel/stock-row';
import { products } from '@/lib/catalogue';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import { INVENTORY_FLAGS } from '@/lib/inventory/overlay';
import { getInventoryOverlay } from '@/lib/inventory/repository';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** Stock and storefront flags of the 17 catalogue products, as stored in Firestore. */
export default async function ControlPanelStockPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page says it on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  // Firestore frozen after the session check: say so rather than hang.
  const overlay = await withinBackendDeadline(getInventoryOverlay(), 'getInventoryOverlay');
  if (!overlay) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.stock');
  // A badge for every flag away from a plain product on sale in the shop.
  const tBadge = await getTranslations('StockBadges');
  const flagNames = {
    availableForSale: t('availableForSale'),
    showInStore: t('showInStore'),
    isPromoted: t('isPromoted'),
  };

  return (
    <section aria-labelledby="stock-title" className="mt-8">
      <h2 id="stock-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      <div className="mt-6 overflow-x-auto rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="pr-4 pb-2">
                {t('product')}
              </th>
              <th scope="col" className="pr-4 pb-2">
                {t('stock')}
              </th>
              {INVENTORY_FLAGS.map((flag) => (
                <th key={flag} scope="col" className="pr-4 pb-2 text-center">
                  {flagNames[flag]}
                </th>
              ))}
              <th scope="col" className="pb-2">
                <span className="sr-only">{t('save')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-cacao-100 dark:divide-cacao-800">
            {products.map((product) => {
              const entry = overlay[product.key];
              if (!entry) return null;
              const title = product.title[locale];
              const badges = [
                ...(entry.stock === 0 ? [t('soldOut')] : []),
                ...(entry.availableForSale ? [] : [tBadge('notForSale')]),
                ...(entry.showInStore ? [] : [t('hidden')]),
                ...(entry.isPromoted ? [tBadge('featured')] : []),
              ];
              return (
                <StockRow
                  key={product.key}
                  locale={locale}
                  productKey={product.key}
                  title={title}
                  pageLink={product.pageLink}
                  entry={entry}
                  flags={INVENTORY_FLAGS.map((flag) => ({
                    flag,
                    label: t('flagLabel', { flag: flagNames[flag], title }),
                  }))}
                  labels={{
                    stock: t('stockLabel', { title }),
                    save: t('save'),
                    saveLabel: t('saveLabel', { title }),
                    saving: t('saving'),
                    viewProduct: t('viewProduct', { title }),
                    badges,
                  }}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
