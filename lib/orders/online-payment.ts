// Whether an order still waits for its online payment, pure: the order's page offers Mercado
// Pago's payment for it and 'Meus pedidos' a way there (retryOrderPayment in
// lib/orders/place-order.ts refuses the same orders this says no to).
import type { OrderPaymentInfo, OrderPaymentStatus } from '@/lib/payments/types';
import type { OrderStatusFlags } from './types';

/** Payment states in which the order still waits for its online payment. */
const UNPAID: ReadonlySet<OrderPaymentStatus> = new Set(['pending', 'waiting', 'error']);

/**
 * Placed to be paid with Mercado Pago, unpaid, and neither confirmed nor cancelled by the shop
 * (whether Mercado Pago is configured now is the caller's to check).
 */
export function awaitsOnlinePayment(order: {
  status: Pick<OrderStatusFlags, 'confirmed' | 'cancelled'>;
  payment: Pick<OrderPaymentInfo, 'provider' | 'status'>;
}): boolean {
  return (
    order.payment.provider === 'mercadopago' &&
    !order.status.confirmed &&
    !order.status.cancelled &&
    UNPAID.has(order.payment.status)
  );
}

/** The delivery fee's line on a payment, in the order's language. */
const DELIVERY_FEE_TITLE = { 'pt-BR': 'Taxa de entrega', en: 'Delivery fee' } as const;

/** One line of what the shopper pays online (unit price in whole reais). */
export type PaymentLine = { key: string; title: string; quantity: number; unitPrice: number };

/**
 * What an order is charged online: its products and, when it has one, the delivery fee as a line
 * of its own (lib/delivery). The lines add up to the order's stored total, which the webhook
 * checks the paid amount against (lib/orders/payment-update.ts).
 */
export function paymentLines(order: {
  locale: keyof typeof DELIVERY_FEE_TITLE;
  orderItems: readonly { key?: string; translatedTitle: string; quantity: number; value: number }[];
  deliveryFee?: number;
}): PaymentLine[] {
  const lines = order.orderItems.map((item) => ({
    key: item.key ?? '',
    title: item.translatedTitle,
    quantity: item.quantity,
    unitPrice: item.value,
  }));
  const fee = order.deliveryFee ?? 0;
  if (fee > 0) {
    lines.push({
      key: 'delivery-fee',
      title: DELIVERY_FEE_TITLE[order.locale],
      quantity: 1,
      unitPrice: fee,
    });
  }
  return lines;
}

/** The amount charged online, in whole reais: the sum of paymentLines. */
export function paymentAmount(order: Parameters<typeof paymentLines>[0]): number {
  return paymentLines(order).reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}
