import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';

import type { OrderStatusKey } from '@/lib/orders/status';
import type { OrderDetails } from '@/lib/orders/types';

import { queueMessages } from './queue';
import {
  isNotifiedStatus,
  newOrderMail,
  orderPlacedMail,
  paymentRefundedMail,
  shopperCancelledMail,
  statusChangedMail,
  type MailOrder,
} from './templates';

// Where orders meet e-mail: builds the messages from a stored order and writes them in the
// transaction of the change that causes them (./queue.ts); lib/mail/sender.ts sends them once it
// commits, so an order is never slowed down nor failed by mail, and a crash loses none.

/** What the e-mails read of an order (lib/orders/repository/stored.ts StoredOrder has it all). */
export type MailableOrder = Pick<
  OrderDetails,
  | 'orderId'
  | 'locale'
  | 'orderDate'
  | 'customer'
  | 'telephone'
  | 'orderItems'
  | 'total'
  | 'shippingOption'
  | 'deliveryFee'
  | 'deliveryDate'
  | 'cpf'
  | 'giftMessage'
  | 'recipientName'
  | 'coupon'
> &
  Partial<Pick<OrderDetails, 'address'>>;

/** The e-mail view of an order. */
export function mailOrderOf(order: MailableOrder): MailOrder {
  return {
    orderId: order.orderId,
    locale: order.locale,
    orderDate: order.orderDate,
    customer: order.customer,
    telephone: order.telephone,
    items: order.orderItems.map((item) => ({
      title: item.translatedTitle,
      quantity: item.quantity,
      value: item.value,
    })),
    total: order.total,
    shippingOption: order.shippingOption,
    deliveryFee: order.deliveryFee,
    deliveryDate: order.deliveryDate,
    address: order.address ?? null,
    cpf: order.cpf ?? null,
    giftMessage: order.giftMessage ?? '',
    recipientName: order.recipientName ?? '',
    coupon: order.coupon ?? null,
  };
}

/** Inside `transaction`: the shopper's confirmation and the shop's notice of a new order. */
export function queueOrderPlacedMails(transaction: Transaction, order: MailableOrder): void {
  queueMessages(transaction, ({ shopAddress }) => {
    const mail = mailOrderOf(order);
    return [orderPlacedMail(mail), newOrderMail(mail, shopAddress)];
  });
}

/** Inside `transaction`: the shopper's notice that the order reached `status`, if told of it. */
export function queueStatusMail(
  transaction: Transaction,
  order: MailableOrder,
  status: OrderStatusKey,
): void {
  if (!isNotifiedStatus(status)) return;
  queueMessages(transaction, () => [statusChangedMail(mailOrderOf(order), status)]);
}

/** Inside `transaction`: the shopper cancelled their own order; their notice and the shop's. */
export function queueShopperCancelledMails(transaction: Transaction, order: MailableOrder): void {
  queueMessages(transaction, ({ shopAddress }) => {
    const mail = mailOrderOf(order);
    return [statusChangedMail(mail, 'cancelled'), shopperCancelledMail(mail, shopAddress)];
  });
}

/**
 * Inside `transaction`: a payment of `amount` reais that reached the cancelled order was
 * refunded; to the shopper.
 */
export function queueRefundMail(
  transaction: Transaction,
  order: MailableOrder,
  amount: number,
): void {
  queueMessages(transaction, () => [paymentRefundedMail(mailOrderOf(order), amount)]);
}
