'use client';

import { useTranslations } from 'next-intl';

import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { Notice, noticeClass } from '@/components/ui/notice';
import type { CartProblem } from '@/lib/orders/checkout-form';
import { formatPrice } from '@/lib/catalogue/format';
import { couponMessageKey } from '@/lib/coupons/messages';
import type { CheckoutErrorMessage } from '@/lib/orders/checkout-result';

/** The messages that name a product (they come with values). */
type ProductErrorKey = 'outOfStock' | 'soldOut' | 'unavailable';

/** Why the cart cannot be sent as it is (fair-stock limits), with a way to the cart. */
export function CartProblems({ problems }: { problems: readonly CartProblem[] }) {
  const t = useTranslations('Checkout');
  const entries = useCatalogueEntries();
  const openPanel = useUiStore((store) => store.openPanel);
  if (problems.length === 0) return null;
  const titleOf = (key: string) => entries.find((entry) => entry.key === key)?.title ?? key;
  return (
    <div role="alert" className={noticeClass('error', 'md', 'flex flex-col items-start gap-2')}>
      <ul className="flex flex-col gap-1">
        {problems.map((problem) => (
          <li key={problem.kind === 'tooMany' ? problem.key : problem.kind}>
            {problem.kind === 'tooMany'
              ? t('errors.tooMany', { title: titleOf(problem.key), max: problem.max })
              : problem.kind === 'tooManyUnits'
                ? t('errors.tooManyUnits', { max: problem.max })
                : t('errors.tooManyLines', { max: problem.max })}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => openPanel('cart')} className="font-semibold underline">
        {t('editCart')}
      </button>
    </div>
  );
}

type Props = {
  /** The form was sent with a field still wrong: one line says so (the field says what). */
  formInvalid: boolean;
  messages: readonly CheckoutErrorMessage[];
  /** A refusal about one line offers to lower it or take it out. */
  onFixLine: (message: CheckoutErrorMessage) => void;
};

/** Why the order was not placed: the form, or the server's refusals, each explained. */
export function OrderErrors({ formInvalid, messages, onFixLine }: Props) {
  const t = useTranslations('Checkout');
  const tErrors = useTranslations('CheckoutErrors');
  const tCoupon = useTranslations('Coupon');
  return (
    <div role="alert" data-testid="checkout-errors" className="empty:hidden">
      {formInvalid ? (
        <Notice tone="error">{t('errors.form')}</Notice>
      ) : messages.length > 0 ? (
        <Notice tone="error" as="ul" className="flex flex-col gap-1">
          {messages.map((message) => (
            <li
              key={`${message.key}:${message.values?.title ?? message.hold?.title ?? ''}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1"
            >
              <span>
                {message.coupon
                  ? tCoupon(`errors.${couponMessageKey(message.coupon.problem)}`, {
                      minimum: formatPrice(message.coupon.minimum),
                    })
                  : message.hold
                    ? message.key === 'holdPerProduct'
                      ? tErrors('holdPerProduct', {
                          ...message.hold,
                          title: message.hold.title ?? '',
                        })
                      : tErrors('holdTotal', message.hold)
                    : message.openOrders
                      ? tErrors('tooManyOpen', {
                          count: message.openOrders.length,
                          orders: message.openOrders.join(', '),
                        })
                      : message.retryAfterSeconds !== undefined
                        ? tErrors('rateLimited', { seconds: message.retryAfterSeconds })
                        : message.values
                          ? tErrors(message.key as ProductErrorKey, message.values)
                          : tErrors(
                              message.key as Exclude<
                                typeof message.key,
                                | ProductErrorKey
                                | 'tooManyOpen'
                                | 'rateLimited'
                                | 'holdPerProduct'
                                | 'holdTotal'
                                | 'coupon'
                              >,
                            )}
              </span>
              {message.productKey && message.values ? (
                <button
                  type="button"
                  onClick={() => onFixLine(message)}
                  className="font-semibold underline"
                >
                  {message.key === 'outOfStock' && message.values.available > 0
                    ? t('reduceTo', {
                        title: message.values.title,
                        available: message.values.available,
                      })
                    : t('removeFromOrder', { title: message.values.title })}
                </button>
              ) : null}
            </li>
          ))}
        </Notice>
      ) : null}
    </div>
  );
}
