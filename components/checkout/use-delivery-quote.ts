'use client';

import { useCallback, useEffect, useState } from 'react';

import { normalizeCep } from '@/lib/brazil';
import type { DeliveryQuoteAnswer } from '@/lib/delivery/types';
import type { ShippingOption } from '@/lib/orders/types';

/** How long the checkout waits for the days and fee before it counts the quote as failed. */
const QUOTE_TIMEOUT_MS = 10_000;

export type DeliveryQuoteState =
  /** Delivery without a valid CEP yet: nothing to ask. */
  | { status: 'idle' }
  /** `previous`: the last days quoted in this form (another choice, CEP or cart), if any. */
  | { status: 'loading'; previous?: DeliveryQuoteAnswer }
  | { status: 'error' }
  | { status: 'ready'; quote: DeliveryQuoteAnswer };

/**
 * The delivery fee and the days offered for this receiving choice, CEP and cart, from
 * GET /api/delivery/quote (the server decides them; the order is priced again when placed).
 * `refresh` asks again, e.g. after a day filled up.
 */
export function useDeliveryQuote(
  shippingOption: ShippingOption,
  postalCode: string,
  lines: readonly { id: string; quantity: number }[],
): { state: DeliveryQuoteState; refresh: () => void } {
  const [round, setRound] = useState(0);
  const cep = shippingOption === 'Entrega' ? normalizeCep(postalCode) : '';
  const linesParam = lines.map((line) => `${line.id}:${line.quantity}`).join(',');
  const key =
    cep === null || !linesParam
      ? null
      : `shipping=${shippingOption}&cep=${encodeURIComponent(cep)}&lines=${encodeURIComponent(linesParam)}`;
  const [answer, setAnswer] = useState<{ key: string; round: number; state: DeliveryQuoteState }>();

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    // A stalled connection ends as an error (the form then sends without waiting), not a wait.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, QUOTE_TIMEOUT_MS);
    fetch(`/api/delivery/quote?${key}`, { signal: controller.signal, cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`quote answered ${response.status}`);
        const quote = (await response.json()) as DeliveryQuoteAnswer;
        setAnswer({ key, round, state: { status: 'ready', quote } });
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted && !timedOut) return;
        console.warn('[checkout] delivery quote failed:', cause);
        setAnswer({ key, round, state: { status: 'error' } });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, round]);

  const refresh = useCallback(() => setRound((current) => current + 1), []);
  if (key === null) return { state: { status: 'idle' }, refresh };
  const current = answer && answer.key === key && answer.round === round ? answer.state : null;
  const previous = answer?.state.status === 'ready' ? answer.state.quote : undefined;
  return { state: current ?? { status: 'loading', previous }, refresh };
}
