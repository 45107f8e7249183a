'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@/components/providers/cart-store-provider';
import { isCheckoutLine } from '@/lib/cart/live-stock';
import { formatPhone } from '@/lib/brazil';
import { cartProblems, firstInvalidField, formatAddress } from '@/lib/orders/checkout-form';
import type { Address } from '@/lib/users/types';
import { AddressText } from '@/components/ui/address-text';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { CheckoutMemberDiscount } from '@/lib/club/perks';
import { CouponField, type AppliedCoupon } from '@/components/coupons/coupon-field';
import { CartProblems, OrderErrors } from './checkout-errors';
import { CheckoutSummary } from './checkout-summary';
import { ContactFieldset } from './contact-fieldset';
import { GiftMessageField } from './gift-message-field';
import { ReceivingDaysSection } from './receiving-days';
import { ReceivingFieldset } from './receiving-fieldset';
import { useCheckoutValues } from './use-checkout-values';
import { usePlaceOrder } from './use-place-order';
import { useReceivingDays } from './use-receiving-days';

/** The signed-in shopper as the form needs them: what prefills it. */
export type CheckoutUser = {
  uid: string;
  /** The profile's name ('No name', or none, for an account that never gave one). */
  name?: string | null;
  telephone?: string | null;
  address?: Address | null;
};

/** The shop's pick-up place, already translated on the server. */
export type PickupInfo = { address: string; hours: string[] };

type Props = {
  user: CheckoutUser;
  orderId: string;
  pickup: PickupInfo;
  /** A club member's discount, for the summary (the server prices the order itself). */
  member?: CheckoutMemberDiscount | null;
  /** Called once the order exists, before the cart is emptied and the page changes. */
  onPlaced: (orderId: string) => void;
};

/**
 * The signed-in part of the checkout: delivery or pick-up, contact telephone, optional CPF, the
 * day, the gift message, the summary and 'Confirmar pedido'. The values live in
 * useCheckoutValues, the fee and days in useReceivingDays, the sending in usePlaceOrder.
 */
export function CheckoutForm({ user, orderId, pickup, member = null, onPlaced }: Props) {
  const t = useTranslations('Checkout');
  const locale = useLocale();
  const cartItems = useCartStore(useShallow((store) => store.cartItems.filter(isCheckoutLine)));
  const form = useCheckoutValues(user);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const { values } = form;
  const days = useReceivingDays(values, cartItems, form.draftDay);
  const problems = cartProblems(cartItems);
  const { formRef, submit, busy, serverErrors, fixLine } = usePlaceOrder({
    orderId,
    lines: cartItems,
    form,
    days,
    blocked: problems.length > 0,
    onPlaced,
    couponCode: coupon?.code ?? null,
  });
  const delivery = values.shippingOption === 'Entrega';
  const { quote, daysQuote, daysPending, deliveryDate, outsideArea } = days;
  // The notice above the summary already says there is no delivery to this CEP.
  const shownServerErrors = outsideArea
    ? serverErrors.filter((message) => message.key !== 'deliveryOutside')
    : serverErrors;

  const receivingDetails = [
    {
      label: t('receiving'),
      value: delivery ? t('delivery') : t('pickup'),
      testId: 'summary-receiving',
    },
    delivery
      ? {
          label: t('deliverTo'),
          value: <AddressText text={formatAddress(values.address) || '—'} />,
          testId: 'summary-place',
        }
      : {
          label: t('pickUpAt'),
          value: <AddressText text={pickup.address} />,
          testId: 'summary-place',
        },
    ...(daysQuote?.configured && deliveryDate
      ? [
          {
            label: delivery ? t('deliveryDayTitle') : t('pickupDayTitle'),
            // Days still being asked: the row keeps its place, no day is promised yet.
            value: daysPending ? '—' : formatDeliveryDay(deliveryDate, locale),
            testId: 'summary-day',
          },
        ]
      : []),
    {
      label: t('recipient'),
      value: values.recipientName.trim() || '—',
      testId: 'summary-recipient',
    },
    { label: t('contact'), value: formatPhone(values.telephone) || '—' },
  ];

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-8"
      aria-busy={busy}
    >
      <ReceivingFieldset form={form} pickup={pickup} />
      <ContactFieldset form={form} />
      <ReceivingDaysSection days={days} pickup={!delivery} />

      <GiftMessageField
        id={form.fieldId('giftMessage')}
        value={values.giftMessage ?? ''}
        onChange={(giftMessage) => form.setValues((current) => ({ ...current, giftMessage }))}
        onBlur={() => form.touch('giftMessage')}
        error={form.errorOf('giftMessage')}
      />

      <CouponField
        lines={cartItems.map((item) => ({ id: item.id, quantity: item.quantity }))}
        onChange={setCoupon}
        headingLevel={2}
      />

      <CheckoutSummary
        title={t('summaryTitle')}
        headingId={`${form.formId}-summary`}
        details={receivingDetails}
        deliveryFee={
          !delivery || (quote && !quote.configured)
            ? undefined
            : quote && !outsideArea
              ? quote.fee
              : null
        }
        member={member}
        coupon={coupon}
      />

      <CartProblems problems={problems} />
      <OrderErrors
        formInvalid={form.submitted && firstInvalidField(form.errors) !== undefined}
        messages={shownServerErrors}
        onFixLine={fixLine}
      />

      <div className="flex flex-col gap-4">
        <Notice tone="info">{t('nextStep')}</Notice>
        <Button
          type="submit"
          size="lg"
          disabled={busy}
          className="self-stretch text-lg sm:self-end"
        >
          {busy ? t('placing') : t('confirm')}
        </Button>
      </div>
    </form>
  );
}
