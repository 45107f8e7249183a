'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { SearchIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';
import { LIVE_CATALOGUE_PATH, type LiveCatalogue } from '@/lib/catalogue/live';
import { loadCatalogueSearch, type CatalogueSearch } from '@/lib/catalogue/search';
import { CATALOGUE_SEARCH_PATH, type CatalogueSearchData } from '@/lib/catalogue/search-words';
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

const NO_SEARCH_DATA: CatalogueSearchData = { words: {}, featured: [] };

/**
 * The products' words in both languages and the featured ones (GET /api/catalogue/search), read
 * once per page when the search first mounts; without them (the read failed) the search still
 * finds the page's own language and offers no featured products.
 */
function useSearchData(): CatalogueSearchData | null {
  const [data, setData] = useState<CatalogueSearchData | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(CATALOGUE_SEARCH_PATH, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const body = (await response.json()) as Partial<CatalogueSearchData>;
        setData({
          words: typeof body.words === 'object' && body.words !== null ? body.words : {},
          featured: Array.isArray(body.featured) ? body.featured : [],
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[search] words in the other language not read:', error);
        setData(NO_SEARCH_DATA);
      });
    return () => controller.abort();
  }, []);
  return data;
}

/**
 * The search over `entries`, null while its library (a chunk of its own, loaded here, when the
 * menu first opens) or its words are on the way, 'failed' when the library could not be loaded.
 */
function useCatalogueSearch(
  entries: readonly CatalogueEntry[] | null,
  data: CatalogueSearchData | null,
): CatalogueSearch<CatalogueEntry> | 'failed' | null {
  const [built, setBuilt] = useState<{
    for: readonly CatalogueEntry[];
    search: CatalogueSearch<CatalogueEntry> | 'failed';
  } | null>(null);
  useEffect(() => {
    if (!entries || !data) return;
    let current = true;
    loadCatalogueSearch(entries, data.words).then(
      (search) => {
        if (current) setBuilt({ for: entries, search });
      },
      (error: unknown) => {
        console.warn('[search] could not load:', error);
        if (current) setBuilt({ for: entries, search: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [entries, data]);
  return built && built.for === entries ? built.search : null;
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

/** One found (or featured) product: its title, category and type, price, and why it cannot be bought. */
function ResultLink({
  entry,
  reason,
  reasonLabel,
}: {
  entry: CatalogueEntry;
  reason: 'soldOut' | 'unavailable' | null;
  reasonLabel: string;
}) {
  return (
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
            {reasonLabel}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/**
 * Finds chocolates as the visitor types, by title, subtitle, category or type in either language,
 * forgiving typos and unfinished words (lib/catalogue/search.ts), best match first. When nothing
 * is found it offers the whole shop and the featured products. `open`: the menu's.
 */
export function MenuSearch({ open }: { open: boolean }) {
  const t = useTranslations('Search');
  // The same label as the product cards' disabled button (components/cart/add-to-cart.tsx).
  const tAdd = useTranslations('AddToCart');
  const entries = useCatalogueEntries();
  const live = useLiveCatalogue(open);
  const data = useSearchData();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Mounted when the menu first opens, after the menu gave focus
  // to what it had: the search takes it, as it does on every later opening (data-autofocus).
  useEffect(() => inputRef.current?.focus({ preventScroll: true }), []);
  const inputId = useId();
  const hintId = useId();
  // Until the shop's flags are known nothing is listed, so a hidden product never shows.
  const shown = useMemo(
    () => (live ? entries.filter((entry) => !live.hidden.includes(entry.key)) : null),
    [entries, live],
  );
  const search = useCatalogueSearch(shown, data);
  const ready = live !== null && typeof search === 'function';
  const results = ready ? search(query) : [];
  const searching = query.trim() !== '';
  const nothingFound = ready && searching && results.length === 0;
  const featured =
    nothingFound && shown && data ? shown.filter((entry) => data.featured.includes(entry.key)) : [];
  const item = (entry: CatalogueEntry) => {
    const reason = live ? unavailableReason(entry, live) : null;
    return (
      <li key={entry.key}>
        <ResultLink entry={entry} reason={reason} reasonLabel={reason ? tAdd(reason) : ''} />
      </li>
    );
  };

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
        {!searching
          ? null
          : search === 'failed'
            ? t('unavailable')
            : ready
              ? t('results', { count: results.length })
              : t('loading')}
      </p>
      {results.length > 0 ? (
        <ul aria-label={t('resultsLabel')} className="flex flex-col gap-1">
          {results.map(item)}
        </ul>
      ) : null}
      {nothingFound ? (
        <div data-testid="search-nothing-found" className="flex flex-col gap-3">
          <p className="text-sm">{t('nothingFoundHint')}</p>
          <Link
            href="/#chocolates"
            className="self-start font-semibold text-cacao-700 underline dark:text-gold-400"
          >
            {t('allProducts')}
          </Link>
          {featured.length > 0 ? (
            <>
              <h3 className="px-3 text-sm font-semibold text-muted uppercase">{t('featured')}</h3>
              <ul aria-label={t('featured')} className="flex flex-col gap-1">
                {featured.map(item)}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
