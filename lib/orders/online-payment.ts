// Whether an order still waits for its online payment, pure: the order's page offers Mercado
// Pago's payment for it and 'Meus pedidos' a way there (retryOrderPayment in
// lib/orders/place-order.ts refuses the same orders this says no to). And what an online payment
// charges: the preference's items and the amount of a Pix or card payment come from
// onlinePaymentItems, so whatever it adds is charged by every way of paying.
import type { OrderPaymentInfo, OrderPaymentStatus } from '@/lib/payments/types';
import type { OrderItem, OrderStatusFlags } from './types';

/** One line an online payment charges for; `unitPrice` in centavos. */
export type OnlinePaymentItem = { key: string; title: string; quantity: number; unitPrice: number };

/** The delivery fee's line on a payment, in the order's language. */
const DELIVERY_FEE_TITLE = { 'pt-BR': 'Taxa de entrega', en: 'Delivery fee' } as const;
const COUPON_TITLE = { 'pt-BR': 'cupom', en: 'coupon' } as const;

/**
 * The lines Mercado Pago charges for an order: its products at the prices stored with it (a club
 * member's discount already in them) and, when it has one, the delivery fee as a line of its own
 * (lib/delivery); with a coupon, the products as one line less its discount. They add up to the
 * order's stored total, which the webhook checks the paid
 * amount against (lib/orders/payment-update.ts).
 */
export function onlinePaymentItems(order: {
  locale: keyof typeof DELIVERY_FEE_TITLE;
  orderItems: readonly Pick<OrderItem, 'key' | 'translatedTitle' | 'quantity' | 'value'>[];
  deliveryFee?: number;
  coupon?: { code: string; amount: number } | null;
}): OnlinePaymentItem[] {
  const items = order.orderItems.map((item) => ({
    key: item.key ?? '',
    title: item.translatedTitle,
    quantity: item.quantity,
    unitPrice: item.value,
  }));
  const off = order.coupon?.amount ?? 0;
  if (off > 0) {
    // A payment line cannot be negative: with a coupon the products are one line, their
    // subtotal less the coupon, named with what it holds.
    const subtotal = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
    const titles = items.map((item) => `${item.quantity} × ${item.title}`).join(', ');
    items.splice(0, items.length, {
      key: 'products',
      title: `${titles} (${COUPON_TITLE[order.locale]} ${order.coupon!.code})`.slice(0, 250),
      quantity: 1,
      unitPrice: subtotal - off,
    });
  }
  const fee = order.deliveryFee ?? 0;
  if (fee > 0) {
    items.push({
      key: 'delivery-fee',
      title: DELIVERY_FEE_TITLE[order.locale],
      quantity: 1,
      unitPrice: fee,
    });
  }
  return items;
}

/** The amount charged online for an order, in centavos. */
export function onlinePaymentAmount(order: Parameters<typeof onlinePaymentItems>[0]): number {
  return onlinePaymentItems(order).reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
}

/** Payment states in which the order still waits for its online payment. */
const UNPAID: ReadonlySet<OrderPaymentStatus> = new Set([
  'pending',
  'waiting',
  'error',
  'rejected',
]);

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
