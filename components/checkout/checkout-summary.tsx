'use client';

import { Thumbnail } from '@/components/ui/svg-image';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { isCheckoutLine } from '@/lib/cart/live-stock';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { Price } from '@/components/ui/price';
import type { CheckoutMemberDiscount } from '@/lib/club/perks';

type Props = {
  /** The section heading ('Itens do seu pedido' or 'Resumo do pedido'). */
  title: string;
  headingId: string;
  /** Rows shown under the total (receiving method, address or pick-up place, telephone). */
  details?: { label: string; value: ReactNode; testId?: string }[];
  /**
   * Delivery: the fee the server quoted (centavos), added to the total; null while it is not
   * known (no CEP yet). Absent for pick-up.
   */
  deliveryFee?: number | null;
  /** A club member's discount, priced by the server for the page (lib/club/perks.ts). */
  member?: CheckoutMemberDiscount | null;
  /** The coupon applied (checked by the server; the order's transaction decides again). */
  coupon?: { code: string; discount: number } | null;
};

/** The cart as an order: each item with quantity and unit price, the total, and the details. */
export function CheckoutSummary({
  title,
  headingId,
  details = [],
  deliveryFee,
  member = null,
  coupon = null,
}: Props) {
  const t = useTranslations('Checkout');
  const cartItems = useCartStore(useShallow((store) => store.cartItems.filter(isCheckoutLine)));
  const cartTotal = useCartStore((store) => store.cartTotal);
  const entries = useCatalogueEntries();
  const discount = member
    ? cartItems.reduce((sum, item) => sum + (member.unitDiscounts[item.id] ?? 0) * item.quantity, 0)
    : 0;

  return (
    <section aria-labelledby={headingId} data-testid="checkout-summary">
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      <ul className="divide-y divide-cacao-200 dark:divide-cacao-800">
        {cartItems.map((item) => {
          const entry = entries.find((candidate) => candidate.key === item.id);
          return (
            <li
              key={`${item.id}:${item.variant.key}`}
              data-testid={`checkout-line-${item.id}`}
              className="flex items-center gap-4 py-3"
            >
              <Thumbnail
                src={item.bannerImage}
                size={56}
                className="size-14 shrink-0 rounded-xl bg-cacao-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{entry?.title ?? item.id}</p>
                <p className="text-sm text-cacao-600 dark:text-cacao-300">
                  {t('unitPrice', { count: item.quantity })} <Price amount={item.price} />
                </p>
              </div>
              <Price amount={item.price * item.quantity} className="font-bold" />
            </li>
          );
        })}
      </ul>
      {discount > 0 && member ? (
        <p
          data-testid="checkout-member-discount"
          className="mt-2 flex items-baseline justify-between gap-4 text-cacao-700 dark:text-cacao-200"
        >
          <span>{t('memberDiscount', { percent: member.percent })}</span>
          <span>
            −<Price amount={discount} />
          </span>
        </p>
      ) : null}
      {coupon && coupon.discount > 0 ? (
        <p
          data-testid="summary-coupon"
          className="mt-2 flex items-baseline justify-between gap-4 text-cacao-700 dark:text-cacao-200"
        >
          <span>{t('couponLine', { code: coupon.code })}</span>
          <span>
            −<Price amount={coupon.discount} />
          </span>
        </p>
      ) : null}
      {deliveryFee !== undefined ? (
        <p
          data-testid="summary-delivery-fee"
          className="mt-2 flex items-baseline justify-between gap-4 border-t border-cacao-200 pt-3 dark:border-cacao-800"
        >
          <span>{t('deliveryFee')}</span>
          {deliveryFee === null ? (
            <span className="text-sm text-cacao-600 dark:text-cacao-300">
              {t('deliveryFeePending')}
            </span>
          ) : deliveryFee === 0 ? (
            <span className="font-semibold">{t('deliveryFree')}</span>
          ) : (
            <Price amount={deliveryFee} className="font-semibold" />
          )}
        </p>
      ) : null}
      <p className="mt-2 flex items-baseline justify-between border-t border-cacao-300 pt-3 text-lg font-bold dark:border-cacao-700">
        <span>{t('total')}</span>
        <span data-testid="summary-total">
          <Price
            amount={cartTotal - discount - (coupon?.discount ?? 0) + (deliveryFee ?? 0)}
            className="text-2xl"
          />
        </span>
      </p>
      {details.length > 0 ? (
        <dl className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          {details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="font-semibold text-cacao-600 dark:text-cacao-300">{detail.label}</dt>
              {/* min-w-0 and break-words: one long word typed in Complemento wraps inside the
                  page instead of widening the grid column (and the page) to its length. */}
              <dd data-testid={detail.testId} className="-mt-2 min-w-0 break-words sm:mt-0">
                {detail.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
