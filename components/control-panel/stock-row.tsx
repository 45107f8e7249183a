'use client';

import { useActionState } from 'react';
import { updateInventory, type PanelActionResult } from '@/lib/control-panel/actions';
import type { AppLocale } from '@/lib/i18n/locales';
import { STOCK_LIMITS, type InventoryEntry, type InventoryFlag } from '@/lib/inventory/overlay';
import { Link } from '@/lib/i18n/navigation';
import { ActionResult } from './action-result';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';

type Props = {
  locale: AppLocale;
  productKey: string;
  title: string;
  pageLink: string;
  entry: InventoryEntry;
  flags: { flag: InventoryFlag; label: string }[];
  labels: {
    stock: string;
    save: string;
    /** Names the product, e.g. 'Salvar Ovo Pistache'. */
    saveLabel: string;
    saving: string;
    viewProduct: string;
    badges: string[];
  };
};

/**
 * One product's row: stock and the three storefront flags, saved together. The inputs belong to
 * the row's form through the `form` attribute (a form cannot wrap a table row). After a save
 * React resets the form to the values the server sends back.
 */
export function StockRow({ locale, productKey, title, pageLink, entry, flags, labels }: Props) {
  const [result, formAction, pending] = useActionState<PanelActionResult | null, FormData>(
    updateInventory,
    null,
  );
  const formId = `stock-${productKey}`;
  return (
    <tr data-testid={`stock-row-${productKey}`} className="align-top">
      <th scope="row" className="py-3 pr-4 text-left font-semibold">
        <Link href={pageLink} aria-label={labels.viewProduct} className="hover:underline">
          {title}
        </Link>
        {labels.badges.length > 0 ? (
          <span className="block text-xs font-normal text-muted">{labels.badges.join(' · ')}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4">
        <input
          form={formId}
          type="number"
          name="stock"
          inputMode="numeric"
          required
          min={STOCK_LIMITS.min}
          max={STOCK_LIMITS.max}
          step={1}
          defaultValue={entry.stock}
          aria-label={labels.stock}
          className={`${inputClass} w-24`}
        />
      </td>
      {flags.map(({ flag, label }) => (
        <td key={flag} className="py-3 pr-4 text-center">
          <input
            form={formId}
            type="checkbox"
            name={flag}
            defaultChecked={entry[flag]}
            aria-label={label}
            className="size-5 accent-cacao-700 dark:accent-gold-400"
          />
        </td>
      ))}
      <td className="py-3">
        <form id={formId} action={formAction} className="flex flex-col items-start gap-2">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="key" value={productKey} />
          <input type="hidden" name="expectedStock" value={entry.stock} />
          <button
            type="submit"
            disabled={pending}
            aria-label={labels.saveLabel}
            className={buttonClass({ size: 'sm' })}
          >
            {pending ? labels.saving : labels.save}
          </button>
          {!pending && result ? <ActionResult result={result} /> : null}
        </form>
      </td>
    </tr>
  );
}
