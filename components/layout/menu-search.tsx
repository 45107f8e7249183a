'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { SearchIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';
import { LIVE_CATALOGUE_PATH, type LiveCatalogue } from '@/lib/catalogue/live';
import { searchCatalogue } from '@/lib/catalogue/search';
import { Link } from '@/lib/i18n/navigation';

/**
 * The storefront's state now (hidden products, units left, sale flags), read again at each
 * opening of the menu (the search stays mounted while it is closed); null until the first answer
 * arrives. The catalogue every page carries is static, so it cannot know. The browser may answer
 * from its HTTP cache (the route allows a few seconds). If the read fails the search lists the
 * whole catalogue (a hidden product's page is a 404) with the catalogue's own sale state.
 */
function useLiveCatalogue(open: boolean): LiveCatalogue | null {
  const [live, setLive] = useState<LiveCatalogue | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(LIVE_CATALOGUE_PATH, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const body = (await response.json()) as { hidden?: unknown; products?: unknown };
        if (!Array.isArray(body.hidden)) throw new Error('no list of hidden products');
        const products =
          typeof body.products === 'object' && body.products !== null
            ? (body.products as LiveCatalogue['products'])
            : {};
        setLive({ hidden: body.hidden.filter((key) => typeof key === 'string'), products });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[search] hidden products not read:', error);
        setLive({ hidden: [], products: {} });
      });
    return () => controller.abort();
  }, [open]);
  return live;
}

/**
 * Why the product cannot be bought now, as its card's button says it (components/cart/
 * add-to-cart-button.tsx): the live read when it has the product, else the catalogue; null when
 * it can be bought.
 */
function unavailableReason(
  entry: CatalogueEntry,
  live: LiveCatalogue,
): 'soldOut' | 'unavailable' | null {
  const now = live.products[entry.key];
  if (!now) return entry.purchasable ? null : 'soldOut';
  if (!now.forSale) return 'unavailable';
  return now.stock <= 0 ? 'soldOut' : null;
}

/** Finds chocolates by title, subtitle, category or type as the visitor types. `open`: the menu's. */
export function MenuSearch({ open }: { open: boolean }) {
  const t = useTranslations('Search');
  // The same label as the product cards' disabled button (components/cart/add-to-cart.tsx).
  const tAdd = useTranslations('AddToCart');
  const entries = useCatalogueEntries();
  const live = useLiveCatalogue(open);
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Mounted when the menu first opens, after the menu gave focus
  // to what it had: the search takes it, as it does on every later opening (data-autofocus).
  useEffect(() => inputRef.current?.focus({ preventScroll: true }), []);
  const inputId = useId();
  const hintId = useId();
  // Until the shop's flags are known nothing is listed, so a hidden product never shows.
  const results = live
    ? searchCatalogue(
        entries.filter((entry) => !live.hidden.includes(entry.key)),
        query,
      )
    : [];
  const searching = query.trim() !== '';

  return (
    <div role="search" className="flex flex-col gap-3">
      <label htmlFor={inputId} className="font-semibold">
        {t('label')}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          data-autofocus
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          placeholder={t('placeholder')}
          aria-describedby={hintId}
          onChange={(event) => setQuery(event.target.value)}
          className="w-full rounded-xl border border-cacao-400 bg-white py-2.5 pr-3 pl-10 text-base placeholder:text-muted focus:border-gold-line focus:outline-2 focus:outline-gold-line dark:border-cacao-500 dark:bg-cacao-900"
        />
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('hint')}
      </p>
      <p role="status" className="text-sm font-semibold">
        {!searching ? null : live ? t('results', { count: results.length }) : t('loading')}
      </p>
      {results.length > 0 ? (
        <ul aria-label={t('resultsLabel')} className="flex flex-col gap-1">
          {results.map((entry) => {
            const reason = live ? unavailableReason(entry, live) : null;
            return (
              <li key={entry.key}>
                <Link
                  href={entry.pageLink}
                  className="flex items-baseline justify-between gap-3 rounded-xl px-3 py-2 hover:bg-cacao-100 dark:hover:bg-cacao-900"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">{entry.title}</span>
                    <span className="text-xs text-muted">
                      {entry.categoryName} · {entry.typeName}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end">
                    <Price amount={entry.price} className="text-sm font-semibold" />
                    {reason ? (
                      <span
                        data-testid="search-unavailable"
                        className="text-xs font-semibold text-red-700 dark:text-red-400"
                      >
                        {tAdd(reason)}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
