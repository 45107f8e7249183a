import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductList } from '@/components/control-panel/product-editor/product-list';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import {
  panelProducts,
  PRODUCT_LIST_FILTERS,
  type ProductListFilter,
} from '@/lib/control-panel/product-list';
import { withinBackendDeadline } from '@/lib/deadline';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<{ q?: string | string[]; filtro?: string | string[] }>;
};

/** The catalogue as the admin runs it: every product, searched and filtered by the URL. */
export default async function ControlPanelProductsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const search = await searchParams;
  const q = (Array.isArray(search.q) ? search.q[0] : search.q)?.slice(0, 80) ?? '';
  const raw = Array.isArray(search.filtro) ? search.filtro[0] : search.filtro;
  const filter: ProductListFilter = PRODUCT_LIST_FILTERS.find((f) => f === raw) ?? 'all';
  const rows = await withinBackendDeadline(panelProducts(locale, { q, filter }), 'panelProducts');
  if (!rows) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.products');
  return (
    <section aria-labelledby="products-title" className="mt-8">
      <h2 id="products-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      <ProductList rows={rows} q={q} filter={filter} />
    </section>
  );
}
