import type { PayOrderResult } from '@/lib/orders/pay-order-result';

/** The order page's body for POST /api/orders/payment (lib/orders/pay-order.ts checks it). */
export type PayRequest =
  | { orderId: string; method: 'pix' }
  | {
      orderId: string;
      method: 'card';
      card: {
        token: string;
        paymentMethodId: string;
        installments: number;
        issuerId?: string;
        identification?: { type: string; number: string };
      };
    };

/**
 * POSTs a payment request for the order page and reads the route's JSON answer; null when the
 * answer is not the route's own (a proxy's error page). Throws on a network failure or an abort.
 */
export async function requestOrderPayment(
  body: PayRequest,
  signal?: AbortSignal,
): Promise<PayOrderResult | null> {
  const response = await fetch('/api/orders/payment', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
    signal,
  });
  try {
    const result = (await response.json()) as PayOrderResult;
    return typeof result === 'object' && result !== null && 'ok' in result ? result : null;
  } catch {
    return null;
  }
}
