import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { inputClass } from '@/components/ui/text-field';
import {
  PRODUCT_LIST_FILTERS,
  type ProductListFilter,
  type ProductListRow,
} from '@/lib/control-panel/product-list';
import { Link } from '@/lib/i18n/navigation';

type Props = { rows: ProductListRow[]; q: string; filter: ProductListFilter };

const FILTER_LABELS = {
  all: 'filterAll',
  'on-sale': 'filterOnSale',
  hidden: 'filterHidden',
  'sold-out': 'filterSoldOut',
  organic: 'filterOrganic',
  archived: 'filterArchived',
} as const;

/** The panel's products: a search, the filters as links, and a row per product to edit it. */
export async function ProductList({ rows, q, filter }: Props) {
  const t = await getTranslations('ControlPanel.products');
  const hrefOf = (next: ProductListFilter) => {
    const query = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(next !== 'all' ? { filtro: next } : {}),
    });
    return `/control-panel/products${query.size > 0 ? `?${query}` : ''}`;
  };
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <form role="search" method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('search')}</span>
            <input type="search" name="q" defaultValue={q} className={`${inputClass} w-64`} />
          </label>
          {filter !== 'all' ? <input type="hidden" name="filtro" value={filter} /> : null}
          <button type="submit" className={buttonClass({ size: 'sm', variant: 'secondary' })}>
            {t('apply')}
          </button>
        </form>
        <Link href="/control-panel/products/new" className={buttonClass({ size: 'sm' })}>
          {t('newProduct')}
        </Link>
      </div>
      <nav aria-label={t('filter')}>
        <ul className="flex flex-wrap gap-2">
          {PRODUCT_LIST_FILTERS.map((option) => (
            <li key={option}>
              <Link
                href={hrefOf(option)}
                aria-current={option === filter ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                  option === filter
                    ? 'border-cacao-700 bg-cacao-700 text-cacao-50 dark:border-gold-400 dark:bg-gold-400 dark:text-cacao-950'
                    : 'border-cacao-300 dark:border-cacao-700'
                }`}
              >
                {t(FILTER_LABELS[option])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" className="text-sm text-cacao-600 dark:text-cacao-300">
        {t('count', { count: rows.length })}
      </p>
      <ul
        className="flex flex-col divide-y divide-cacao-200 dark:divide-cacao-800"
        data-testid="panel-products"
      >
        {rows.map((row) => (
          <li
            key={row.key}
            data-testid={`panel-product-${row.key}`}
            className="flex items-center gap-4 py-3"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a small thumbnail in the panel */}
            <img
              src={
                row.image.kind === 'photo'
                  ? `/_next/image?url=${encodeURIComponent(row.image.src)}&w=128&q=75`
                  : row.image.src
              }
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 shrink-0 rounded-lg bg-cacao-100 object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link
                href={`/control-panel/products/${row.key}`}
                className="font-semibold underline"
                aria-label={t('edit', { title: row.title })}
              >
                {row.title}
              </Link>
              <div className="flex flex-wrap gap-1">
                {row.archived ? (
                  <Badge tone="cancelled" size="xs">
                    {t('badgeArchived')}
                  </Badge>
                ) : null}
                {!row.archived && !row.showInStore ? (
                  <Badge tone="waiting" size="xs">
                    {t('badgeHidden')}
                  </Badge>
                ) : null}
                {!row.archived && !row.availableForSale ? (
                  <Badge tone="waiting" size="xs">
                    {t('badgeNotForSale')}
                  </Badge>
                ) : null}
                {!row.archived && row.stock === 0 ? (
                  <Badge tone="cancelled" size="xs">
                    {t('badgeSoldOut')}
                  </Badge>
                ) : null}
                {row.isPromoted ? (
                  <Badge tone="inProgress" size="xs">
                    {t('badgePromoted')}
                  </Badge>
                ) : null}
                {row.isOrganic ? (
                  <Badge tone="done" size="xs">
                    {t('badgeOrganic')}
                  </Badge>
                ) : null}
              </div>
            </div>
            <div className="flex shrink-0 flex-col items-end text-sm">
              <Price amount={row.price} className="font-semibold" />
              <span className="text-muted">
                {t('columnStock')}: {row.stock}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
