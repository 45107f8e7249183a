'use client';

import { useTranslations } from 'next-intl';
import {
  startTransition,
  useActionState,
  useEffect,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { inputClass } from '@/components/ui/text-field';
import {
  updateInventory,
  type StockLineResult,
  type StockSaveResult,
} from '@/lib/control-panel/actions';
import { refreshHiddenProducts } from '@/lib/catalogue/hidden-products';
import type { AppLocale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import {
  INVENTORY_FLAGS,
  STOCK_LIMITS,
  type InventoryEntry,
  type InventoryFlag,
} from '@/lib/inventory/overlay';

export type StockFormRow = {
  key: string;
  title: string;
  pageLink: string;
  /** Shoppers waiting for 'Avise-me quando chegar' (lib/restock/repository.ts). */
  waiting?: number;
};

type Props = {
  locale: AppLocale;
  rows: StockFormRow[];
  /** The stored stock and flags of each row's product, as the page read them. */
  entries: Record<string, InventoryEntry>;
};

/** A row as the admin is editing it: the stock input's text and the three checkboxes. */
type Draft = { stock: string } & Record<InventoryFlag, boolean>;

const draftOf = (entry: InventoryEntry): Draft => ({
  stock: String(entry.stock),
  availableForSale: entry.availableForSale,
  showInStore: entry.showInStore,
  isPromoted: entry.isPromoted,
});

const isChanged = (draft: Draft, saved: InventoryEntry) =>
  draft.stock !== String(saved.stock) ||
  INVENTORY_FLAGS.some((flag) => draft[flag] !== saved[flag]);

const BADGE_TONES = {
  soldOut: 'cancelled',
  notForSale: 'waiting',
  hidden: 'waiting',
  featured: 'inProgress',
} as const;

/** The badges of a stored entry: one for every flag away from a plain product on sale. */
function badgesOf(entry: InventoryEntry): (keyof typeof BADGE_TONES)[] {
  return [
    ...(entry.stock === 0 ? (['soldOut'] as const) : []),
    ...(entry.availableForSale ? [] : (['notForSale'] as const)),
    ...(entry.showInStore ? [] : (['hidden'] as const)),
    ...(entry.isPromoted ? (['featured'] as const) : []),
  ];
}

const noSubscription = () => () => {};

/**
 * The stock page: every product's stock and storefront flags in one form with one save. Only the
 * rows changed since the last save are sent (updateInventory writes them in one transaction);
 * each row then says whether it was saved or why not, and its badges follow what is stored.
 */
export function StockForm({ locale, rows, entries }: Props) {
  const t = useTranslations('ControlPanel.stock');
  const [result, save, pending] = useActionState<StockSaveResult | null, unknown>(
    updateInventory,
    null,
  );
  // What is stored, as far as this page knows (the base of each row's expected stock), and what
  // the admin has typed or ticked.
  const [saved, setSaved] = useState(entries);
  const [drafts, setDrafts] = useState(() => mapEntries(entries, draftOf));
  const [lineResults, setLineResults] = useState<Record<string, StockLineResult>>({});
  // The controls stay disabled in the server's HTML until React runs: an edit made before would
  // be lost (and a save could not be sent).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // Adjusted while rendering (not in an effect), both in one step since they build on each other:
  // a new answer's saved rows take the stored values, and a row refused because orders changed
  // its stock takes the stock stored now as its base, so that saving again is a deliberate
  // choice; a new render of the page (after a save) updates the rows the admin is not editing.
  const [answered, setAnswered] = useState(result);
  const [seenEntries, setSeenEntries] = useState(entries);
  if (result !== answered || entries !== seenEntries) {
    const nextSaved = { ...saved };
    const nextDrafts = { ...drafts };
    if (result !== answered) {
      setAnswered(result);
      setLineResults(result?.lines ?? {});
      for (const [key, line] of Object.entries(result?.lines ?? {})) {
        const base = nextSaved[key];
        if (!line.entry || !base) continue;
        if (line.ok) {
          nextSaved[key] = line.entry;
          nextDrafts[key] = draftOf(line.entry);
        } else if (line.code === 'stale') {
          nextSaved[key] = { ...base, stock: line.entry.stock };
        }
      }
    }
    if (entries !== seenEntries) {
      setSeenEntries(entries);
      for (const [key, entry] of Object.entries(entries)) {
        const draft = nextDrafts[key];
        const base = nextSaved[key];
        if (draft && base && isChanged(draft, base)) continue;
        nextSaved[key] = entry;
        nextDrafts[key] = draftOf(entry);
      }
    }
    setSaved(nextSaved);
    setDrafts(nextDrafts);
  }

  // The save invalidated the server's list of hidden products; this browser may still hold the
  // list it read in the last seconds, and the admin is the one who checks the menu search next.
  useEffect(() => {
    if (result && Object.values(result.lines).some((line) => line.ok)) {
      void refreshHiddenProducts();
    }
  }, [result]);

  const changedKeys = rows
    .map((row) => row.key)
    .filter((key) => drafts[key] && saved[key] && isChanged(drafts[key], saved[key]));

  function edit(key: string, change: Partial<Draft>) {
    setDrafts((current) => ({ ...current, [key]: { ...current[key]!, ...change } }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // The browser has checked each stock input (required, 0 to 999) before this runs.
    event.preventDefault();
    if (changedKeys.length === 0 || pending) return;
    const lines = changedKeys.map((key) => {
      const draft = drafts[key]!;
      return {
        key,
        // As typed: the server validates whatever arrives.
        stock: draft.stock,
        expectedStock: saved[key]!.stock,
        availableForSale: draft.availableForSale,
        showInStore: draft.showInStore,
        isPromoted: draft.isPromoted,
      };
    });
    startTransition(() => save({ locale, lines }));
  }

  function discard() {
    setDrafts(mapEntries(saved, draftOf));
    setLineResults({});
  }

  return (
    <form onSubmit={submit} aria-labelledby="stock-title" className="mt-6">
      <ul aria-label={t('listLabel')} className="flex flex-col gap-3">
        {rows.map((row) => {
          const draft = drafts[row.key];
          const stored = saved[row.key];
          if (!draft || !stored) return null;
          const changed = isChanged(draft, stored);
          const line = lineResults[row.key];
          const stockId = `stock-${row.key}`;
          return (
            <li
              key={row.key}
              data-testid={`stock-row-${row.key}`}
              data-changed={changed ? 'true' : undefined}
              className={`grid gap-3 rounded-2xl bg-white p-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center dark:bg-cacao-900 ${
                changed ? 'ring-2 ring-gold-line' : 'ring-1 ring-cacao-200 dark:ring-cacao-800'
              }`}
            >
              <div className="min-w-0">
                <Link
                  href={row.pageLink}
                  aria-label={t('viewProduct', { title: row.title })}
                  className="font-semibold hover:underline"
                >
                  {row.title}
                </Link>
                {row.waiting ? (
                  <p data-testid="stock-waiting" className="mt-1 text-sm font-semibold">
                    {t('waiting', { count: row.waiting })}
                  </p>
                ) : null}
                <p className="mt-1 flex flex-wrap gap-1.5" data-testid="stock-badges">
                  {badgesOf(stored).map((badge) => (
                    <Badge key={badge} size="xs" tone={BADGE_TONES[badge]}>
                      {t(`badges.${badge}`)}
                    </Badge>
                  ))}
                </p>
              </div>
              <fieldset
                disabled={pending || !hydrated}
                className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm"
              >
                <label htmlFor={stockId} className="flex items-center gap-2 font-medium">
                  {t('stock')}
                  <input
                    id={stockId}
                    type="number"
                    inputMode="numeric"
                    required
                    min={STOCK_LIMITS.min}
                    max={STOCK_LIMITS.max}
                    step={1}
                    value={draft.stock}
                    onChange={(event) => edit(row.key, { stock: event.target.value })}
                    aria-label={t('stockLabel', { title: row.title })}
                    className={`${inputClass} w-24`}
                  />
                </label>
                {INVENTORY_FLAGS.map((flag) => (
                  <label key={flag} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={draft[flag]}
                      onChange={(event) => edit(row.key, { [flag]: event.target.checked })}
                      aria-label={t('flagLabel', { flag: t(flag), title: row.title })}
                      className="size-5 accent-cacao-700 dark:accent-gold-400"
                    />
                    {t(flag)}
                  </label>
                ))}
              </fieldset>
              <div aria-live="polite" className="empty:hidden lg:col-span-2">
                {changed ? (
                  <p className="text-sm font-semibold text-cacao-700 dark:text-gold-400">
                    {t('changed')}
                  </p>
                ) : null}
                {line && !line.ok ? (
                  <Notice tone="error" size="sm" role="alert">
                    {line.message}
                  </Notice>
                ) : null}
                {line?.ok && !changed ? (
                  <Notice tone="success" size="sm" role="status">
                    {line.message}
                  </Notice>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {/* The count of unsaved rows and the one save: kept in reach (above the footer's
          shortcuts) while there is something to save, at the end of the list otherwise. */}
      <div
        className={`${
          changedKeys.length > 0 || pending ? 'sticky bottom-18 z-10 shadow-lg' : ''
        } mt-4 flex flex-wrap items-center gap-3 rounded-2xl bg-cacao-50/95 p-3 ring-1 ring-cacao-200 backdrop-blur dark:bg-cacao-950/95 dark:ring-cacao-800`}
      >
        <p className="w-full text-sm font-medium sm:w-auto sm:flex-1" data-testid="stock-unsaved">
          {t('unsaved', { count: changedKeys.length })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={discard}
          disabled={pending || changedKeys.length === 0}
        >
          {t('discard')}
        </Button>
        <Button type="submit" size="sm" disabled={pending || changedKeys.length === 0}>
          {pending ? t('saving') : t('save')}
        </Button>
        <div aria-live="polite" className="w-full empty:hidden">
          {!pending && result ? (
            <Notice
              tone={result.ok ? 'success' : 'error'}
              size="sm"
              role={result.ok ? 'status' : 'alert'}
              data-testid="stock-result"
            >
              {result.message}
            </Notice>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function mapEntries<T>(
  entries: Record<string, InventoryEntry>,
  map: (entry: InventoryEntry) => T,
): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, map(entry)]));
}
