'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useCartHydrated, useCartStore } from '@/components/providers/cart-store-provider';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { usePaymentStore } from '@/components/providers/payment-store-provider';
import { Price } from '@/components/ui/price';
import { Link } from '@/lib/i18n/navigation';
import { hasPlacedOrder } from '@/lib/stores/payment-store';

/** The order reference (the preference id) and the cart it was placed with. */
export function CheckoutSummary() {
  const t = useTranslations('Checkout');
  const hydrated = useCartHydrated();
  const cartItems = useCartStore((store) => store.cartItems);
  const cartTotal = useCartStore((store) => store.cartTotal);
  const preferenceId = usePaymentStore((store) => store.preferenceId);
  const placed = usePaymentStore(hasPlacedOrder);
  const entries = useCatalogueEntries();

  if (!hydrated) return <p className="mt-6">{t('loading')}</p>;

  if (!placed || cartItems.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-start gap-4">
        <p>{t('noOrder')}</p>
        <Link href="/#chocolates" className="font-semibold underline">
          {t('backToShop')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-6">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-cacao-600 dark:text-cacao-300">{t('orderReference')}</span>
        <strong
          data-testid="order-reference"
          className="rounded-lg bg-cacao-100 px-2 py-1 font-mono text-lg tracking-wider dark:bg-cacao-900"
        >
          {preferenceId}
        </strong>
      </p>
      <section aria-labelledby="checkout-items">
        <h2 id="checkout-items" className="mb-2 text-xl font-semibold">
          {t('items')}
        </h2>
        <ul className="divide-y divide-cacao-200 dark:divide-cacao-800">
          {cartItems.map((item) => {
            const entry = entries.find((candidate) => candidate.key === item.id);
            return (
              <li key={`${item.id}:${item.variant.key}`} className="flex items-center gap-4 py-3">
                <Image
                  src={item.bannerImage}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 rounded-xl bg-cacao-100 object-cover"
                />
                <div className="flex-1">
                  <p className="font-semibold">{entry?.title ?? item.id}</p>
                  <p className="text-sm text-cacao-600 dark:text-cacao-300">
                    {t('quantity', { count: item.quantity })} × <Price amount={item.price} />
                  </p>
                </div>
                <Price amount={item.price * item.quantity} className="font-bold" />
              </li>
            );
          })}
        </ul>
        <p className="mt-2 flex items-baseline justify-between border-t border-cacao-300 pt-3 text-lg font-bold dark:border-cacao-700">
          <span>{t('total')}</span>
          <Price amount={cartTotal} className="text-2xl" />
        </p>
      </section>
      <p className="rounded-2xl bg-gold-400/15 p-4 text-cacao-800 dark:text-cacao-100">
        {t('nextStep')}
      </p>
    </div>
  );
}
