import { PAY_ERROR_MESSAGE_KEYS } from '@/lib/orders/pay-order-result';
import type { CardSubmission } from './payment-brick';
import { requestOrderPayment } from './pay-request';

type PayErrorKey = (typeof PAY_ERROR_MESSAGE_KEYS)[keyof typeof PAY_ERROR_MESSAGE_KEYS];

/** What the card brick's last submission came to, as the payment panel says it. */
export type CardOutcome =
  | 'cardApproved'
  | 'cardWaiting'
  | 'cardRejected'
  | 'cardRefunded'
  | { error: PayErrorKey; seconds: number };

/**
 * Pays the order with the card brick's submission (POST /api/orders/payment): the outcome to
 * show, or null when the answer is not a card's. Throws when no answer came, so the brick says the
 * payment failed. Loaded with the brick, by components/checkout/payment-panel.tsx.
 */
export async function payByCard(
  orderId: string,
  card: CardSubmission,
): Promise<CardOutcome | null> {
  const result = await requestOrderPayment({ orderId, method: 'card', card });
  if (!result) throw new Error('The card payment got no answer');
  if (!result.ok) {
    return {
      error: PAY_ERROR_MESSAGE_KEYS[result.error],
      seconds: result.error === 'rate-limited' ? result.retryAfterSeconds : 0,
    };
  }
  if (result.method !== 'card') return null;
  return result.status === 'approved'
    ? 'cardApproved'
    : result.status === 'waiting'
      ? 'cardWaiting'
      : result.status === 'refunded'
        ? 'cardRefunded'
        : 'cardRejected';
}
