'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import type { FormEvent, RefObject } from 'react';

import { useCartStore } from '@/components/providers/cart-store-provider';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { useRouter } from '@/lib/i18n/navigation';
import {
  firstInvalidField,
  toCheckoutInput,
  type CheckoutCartLine,
} from '@/lib/orders/checkout-form';
import { keepAppliedCoupon } from '@/lib/coupons/applied-coupon';
import { clearCheckoutDraft } from '@/lib/orders/checkout-draft';
import { checkoutErrorMessages, type CheckoutErrorMessage } from '@/lib/orders/checkout-result';
import { submitOrder } from '@/lib/orders/client';
import { updateProfile } from '@/lib/session/actions';
import { applySessionUser, fetchSessionUser } from '@/lib/session/client';

import type { CheckoutValues } from './use-checkout-values';
import type { ReceivingDays } from './use-receiving-days';

type Options = {
  orderId: string;
  /** The lines the order is for (sold-out ones are out already). */
  lines: readonly (CheckoutCartLine & { variant: { key: string } })[];
  form: CheckoutValues;
  days: ReceivingDays;
  /** The cart's fair-stock problems: the order is not sent while there are any. */
  blocked: boolean;
  /** Called once the order exists, before the cart is emptied and the page changes. */
  onPlaced: (orderId: string) => void;
  /** The coupon applied (components/coupons/coupon-field.tsx); the server decides on it. */
  couponCode?: string | null;
};

export type PlaceOrder = {
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  /** The order is on its way, or waits for the days being asked. */
  busy: boolean;
  serverErrors: CheckoutErrorMessage[];
  /** The in-place fix a refusal about one line offers (see below). */
  fixLine: (message: CheckoutErrorMessage) => void;
};

/**
 * 'Confirmar pedido': checks the form, waits for the delivery days, sends the order once (pending
 * state, no double submit) and, once placed, empties the cart and goes to the order's page. A
 * refusal is explained and leaves the cart as it was.
 */
export function usePlaceOrder({
  orderId,
  lines,
  form,
  days,
  blocked,
  onPlaced,
  couponCode = null,
}: Options): PlaceOrder {
  const locale = useLocale();
  const router = useRouter();
  const clearCart = useCartStore((store) => store.clearCart);
  const applyLiveStock = useCartStore((store) => store.applyLiveStock);
  const removeItem = useCartStore((store) => store.removeItem);
  const userStore = useUserStoreApi();
  const [serverErrors, setServerErrors] = useState<CheckoutErrorMessage[]>([]);
  const [pending, startTransition] = useTransition();
  // A second click before React re-renders the disabled button must not send again.
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // 'Confirmar pedido' pressed while the delivery days were still being asked.
  const [awaitingQuote, setAwaitingQuote] = useState(false);
  // This press already asked again for days that had failed.
  const quoteAskedAgain = useRef(false);
  const { quoteState, refreshQuote, quote, deliveryDate, outsideArea } = days;

  useEffect(() => {
    // Pressed while the days were being asked: sent again once they are known (or failed).
    if (awaitingQuote && quoteState.status !== 'loading') formRef.current?.requestSubmit();
  }, [awaitingQuote, quoteState.status]);

  /**
   * The fix a refusal about one line offers in place (this form has no quantity controls): lower
   * it to the units the server said are left, as a live stock read would, or take it out. The
   * message then goes, and the order can be sent again as it now stands.
   */
  const fixLine = (message: CheckoutErrorMessage) => {
    const { productKey, values } = message;
    if (!productKey || !values) return;
    if (message.key === 'outOfStock' && values.available > 0) {
      applyLiveStock({ [productKey]: { stock: values.available, forSale: true } });
    } else {
      for (const item of lines) {
        if (item.id === productKey) removeItem(item.id, item.variant.key);
      }
    }
    setServerErrors((current) => current.filter((candidate) => candidate !== message));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAwaitingQuote(false);
    if (sending.current || pending) return;
    form.setSubmitted(true);
    // No delivery to this CEP (the notice above the summary says so): back to the CEP first, as
    // the rest of the address (cleared when the lookup does not know the CEP) cannot help.
    if (outsideArea) {
      document.getElementById(form.fieldId('postalCode'))?.focus();
      return;
    }
    const invalid = firstInvalidField(form.errors);
    if (invalid) {
      document.getElementById(form.fieldId(invalid))?.focus();
      return;
    }
    if (blocked) return;
    // The shop's table asks every order for a receiving day (lib/delivery/plan.ts): sent once
    // the days are known (the effect above submits again), and not when none is open (the day
    // picker says so). Days that could not be asked are asked once more for this press; when
    // that fails too the order goes without one: the server gives it the first open day
    // (lib/delivery/plan.ts), or says why it cannot (the backend unavailable, every day full).
    if (quoteState.status === 'loading') {
      setAwaitingQuote(true);
      return;
    }
    if (quoteState.status === 'error' && !quoteAskedAgain.current) {
      quoteAskedAgain.current = true;
      refreshQuote();
      setAwaitingQuote(true);
      return;
    }
    quoteAskedAgain.current = false;
    if (quote?.configured && !deliveryDate) {
      // The day picker says no day is open (its hint describes it): focus takes the shopper there.
      document.querySelector<HTMLElement>('[data-testid="delivery-days"]')?.focus();
      return;
    }
    sending.current = true;
    setServerErrors([]);
    const input = {
      ...toCheckoutInput({
        orderId,
        lines: lines.map((item) => ({ id: item.id, quantity: item.quantity })),
        values: form.values,
        locale,
      }),
      ...(quote?.configured && deliveryDate ? { deliveryDate } : {}),
      ...(couponCode ? { couponCode } : {}),
    };
    const accountName = form.values.accountName?.trim();
    startTransition(async () => {
      try {
        // An account without a name gives it here, once: saved to the profile first, so the
        // order (which takes the customer's name from the profile) carries it too. A failure
        // costs only that: the order has its recipient, and the next checkout asks again.
        const named = accountName ? await saveAccountName(accountName) : false;
        const result = await submitOrder(input);
        if (!result.ok) {
          // The cart and its order id stay as they are, to be fixed and sent again: after
          // 'outcome-unknown' the same id answers the order if it was placed.
          setServerErrors(checkoutErrorMessages(result));
          // The day filled up or went: show the days as they are now.
          if (result.error.startsWith('delivery-')) refreshQuote();
          return;
        }
        onPlaced(result.orderId);
        // Placed: nothing typed for it stays in the tab.
        clearCheckoutDraft();
        keepAppliedCoupon('');
        userStore.getState().setOrdersNeedUpdate(true);
        if (input.saveToProfile || named) {
          // The server saved the address and telephone (or the name): the user tab shows them.
          fetchSessionUser()
            .then((fresh) => {
              if (fresh) applySessionUser(userStore.getState(), fresh);
            })
            .catch((cause: unknown) => console.warn('[checkout] profile not re-read:', cause));
        }
        // Also forgets the order id: the next cart is a new order.
        clearCart();
        router.push(`/checkout/${encodeURIComponent(result.orderId)}`);
      } catch (cause) {
        // The request itself failed (network, server restart). The order id stays, so sending
        // again cannot place the order twice.
        console.error('Placing the order failed:', cause);
        setServerErrors([{ key: 'serverError' }]);
      } finally {
        sending.current = false;
      }
    });
  };

  return { formRef, submit, busy: pending || awaitingQuote, serverErrors, fixLine };
}

/** Saves the shopper's own name to their profile; whether it was saved. */
async function saveAccountName(name: string): Promise<boolean> {
  try {
    const result = await updateProfile({ name });
    if (!result.ok) console.warn('[checkout] name not saved:', result.error);
    return result.ok;
  } catch (cause) {
    console.warn('[checkout] name not saved:', cause);
    return false;
  }
}
