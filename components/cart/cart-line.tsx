'use client';

import { useTranslations } from 'next-intl';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { MinusIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { Thumbnail } from '@/components/ui/svg-image';
import { addLimit } from '@/lib/cart/live-stock';
import { AddLimitText } from './add-limit-text';
import { useCartUndo } from './cart-undo';
import type { CatalogueEntry } from '@/lib/catalogue/client-entries';
import { Link } from '@/lib/i18n/navigation';
import type { CartItem } from '@/lib/stores/cart-store';

const roundButton =
  'grid size-9 place-items-center rounded-full border border-cacao-300 hover:bg-cacao-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:border-cacao-700 dark:hover:bg-cacao-900';

/** One line of the shopping list: image, title, price, quantity with - and +, remove. */
export function CartLine({ item, entry }: { item: CartItem; entry: CatalogueEntry }) {
  const t = useTranslations('CartPanel');
  const stockText = useTranslations('CartStock');
  const addToCart = useCartStore((store) => store.addToCart);
  const decrementItem = useCartStore((store) => store.decrementItem);
  // Taking the line out (its bin, or '-' at one unit) can be undone for a few seconds.
  const { removeLine } = useCartUndo();
  const remove = () => removeLine(item.id, item.variant.key, entry.title);
  // Selected as the lines themselves (a stable reference): a selector building a new object on
  // every call would make the store's subscription render without end.
  const cartItems = useCartStore((store) => store.cartItems);
  const limit = addLimit(cartItems, item.id);
  const canAdd = limit === null;
  const title = entry.title;
  const blocked = item.stockInfo?.blocked;

  return (
    <li data-testid={`cart-line-${item.id}`} className="flex gap-3 py-4">
      <Thumbnail
        src={item.bannerImage}
        size={64}
        className="size-16 shrink-0 rounded-xl bg-cacao-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link href={entry.pageLink} className="font-semibold hover:underline">
              {title}
            </Link>
            <p className="text-sm text-cacao-600 dark:text-cacao-300">
              <Price amount={item.price} /> {t('each')}
            </p>
            {blocked ? (
              <p
                data-testid="cart-line-blocked"
                className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
              >
                {stockText(blocked === 'soldOut' ? 'soldOut' : 'withdrawn')}
              </p>
            ) : limit ? (
              // Why the + button stops here: the units left, or a fair-stock limit.
              <p
                data-testid="cart-line-stock"
                className="mt-1 text-sm font-semibold text-amber-800 dark:text-gold-400"
              >
                <AddLimitText limit={limit} where="list" />
              </p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label={t('remove', { title })}
            onClick={remove}
            className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-cacao-100 hover:text-red-700 dark:hover:bg-cacao-900 dark:hover:text-red-400"
          >
            <TrashIcon className="size-5" />
          </button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label={t('decrease', { title })}
              onClick={() =>
                item.quantity > 1 ? decrementItem(item.id, item.variant.key) : remove()
              }
              className={roundButton}
            >
              <MinusIcon className="size-4" />
            </button>
            <output aria-label={t('quantity', { title })} className="w-8 text-center font-semibold">
              {item.quantity}
            </output>
            <button
              type="button"
              aria-label={t('increase', { title })}
              onClick={() => addToCart(item.id, item.variant)}
              disabled={!canAdd}
              className={roundButton}
            >
              <PlusIcon className="size-4" />
            </button>
          </div>
          <Price
            amount={item.price * item.quantity}
            className={blocked ? 'font-bold text-muted line-through' : 'font-bold'}
          />
        </div>
      </div>
    </li>
  );
}
