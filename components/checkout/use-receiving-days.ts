'use client';

import { useState } from 'react';

import type { DeliveryQuoteAnswer } from '@/lib/delivery/types';
import type { CheckoutFormValues } from '@/lib/orders/checkout-form';
import { saveCheckoutDraft } from '@/lib/orders/checkout-draft';

import { useDeliveryQuote, type DeliveryQuoteState } from './use-delivery-quote';

export type ReceivingDays = {
  quoteState: DeliveryQuoteState;
  refreshQuote: () => void;
  /** The server's quote for this choice, CEP and cart; null until it is known. */
  quote: DeliveryQuoteAnswer | null;
  /** The quote whose days are shown: the current one, or the last one while a new one is asked. */
  daysQuote: DeliveryQuoteAnswer | null;
  /** The days shown are an earlier quote's, disabled until the new ones come. */
  daysPending: boolean;
  /** The chosen day while it is open, else the first open one; null when none is. */
  deliveryDate: string | null;
  chooseDay: (day: string) => void;
  /** Delivery to a CEP in no region of the shop's table. */
  outsideArea: boolean;
};

/**
 * Delivery fee and day (lib/delivery): quoted by the server for this CEP and cart; the day is
 * the first open one unless the shopper picked another that is still open. A day picked is kept in
 * the tab's draft, so a reload offers it again (`draftDay`).
 */
export function useReceivingDays(
  values: Pick<CheckoutFormValues, 'shippingOption' | 'address'>,
  lines: readonly { id: string; quantity: number }[],
  draftDay: string | null = null,
): ReceivingDays {
  const { state: quoteState, refresh: refreshQuote } = useDeliveryQuote(
    values.shippingOption,
    values.address.postalCode,
    lines,
  );
  const quote = quoteState.status === 'ready' ? quoteState.quote : null;
  // While the days are asked again (another receiving choice, CEP or cart), the last ones stay
  // on screen, disabled, so the form does not jump under the shopper's finger; 'Confirmar
  // pedido' waits for the new ones (usePlaceOrder).
  const staleQuote =
    quoteState.status === 'loading' && quoteState.previous?.outside === false
      ? quoteState.previous
      : null;
  const daysQuote = quote ?? staleQuote;
  const [chosenDay, setChosenDay] = useState<string | null>(draftDay);
  const openDays = (daysQuote?.days ?? []).filter((day) => !day.full).map((day) => day.day);
  const deliveryDate =
    chosenDay && openDays.includes(chosenDay) ? chosenDay : (openDays[0] ?? null);
  return {
    quoteState,
    refreshQuote,
    quote,
    daysQuote,
    daysPending: quote === null && staleQuote !== null,
    deliveryDate,
    chooseDay: (day) => {
      setChosenDay(day);
      saveCheckoutDraft({ day });
    },
    outsideArea: values.shippingOption === 'Entrega' && quote?.outside === true,
  };
}
