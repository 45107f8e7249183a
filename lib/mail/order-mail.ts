import 'server-only';

import { afterResponse } from '@/lib/after-response';
import { getEnv } from '@/lib/env';
import type { OrderStatusKey } from '@/lib/orders/status';
import type { OrderDetails } from '@/lib/orders/types';

import { deliverMail } from './send';
import {
  isNotifiedStatus,
  newOrderMail,
  orderPlacedMail,
  shopperCancelledMail,
  statusChangedMail,
  type MailMessage,
  type MailOrder,
} from './templates';
import { logFailure } from '@/lib/log';

// Where orders meet e-mail: builds the messages from a stored order and sends them after the
// response (so an order is never slowed down nor failed by mail; lib/mail/send.ts retries once).

/** What the e-mails read of an order (lib/orders/repository.ts StoredOrder has it all). */
export type MailableOrder = Pick<
  OrderDetails,
  | 'orderID'
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
> &
  Partial<Pick<OrderDetails, 'address'>>;

/** The e-mail view of an order. */
export function mailOrderOf(order: MailableOrder): MailOrder {
  return {
    orderID: order.orderID,
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
  };
}

/**
 * Runs `send` after the response when called during a request (Server Action, route handler),
 * otherwise (scripts, tests) in the background at once. Never throws.
 */
function schedule(send: () => Promise<unknown>): void {
  afterResponse(() => send().catch((error: unknown) => logFailure('mail.failed', error)));
}

function messagesForPlaced(order: MailableOrder): MailMessage[] {
  const mail = mailOrderOf(order);
  const shop = getEnv().mail?.shopAddress;
  return [orderPlacedMail(mail), ...(shop ? [newOrderMail(mail, shop)] : [])];
}

/** The shopper's confirmation and the shop's notice for a newly placed order. */
export function sendOrderPlacedMails(order: MailableOrder): Promise<number> {
  return deliverMail(messagesForPlaced(order));
}

/** The shopper's notice when the order reached `status`, if it is one they are told about. */
export function sendStatusMail(order: MailableOrder, status: OrderStatusKey): Promise<number> {
  if (!isNotifiedStatus(status)) return Promise.resolve(0);
  return deliverMail([statusChangedMail(mailOrderOf(order), status)]);
}

export function scheduleOrderPlacedMails(order: MailableOrder): void {
  schedule(() => sendOrderPlacedMails(order));
}

export function scheduleStatusMail(order: MailableOrder, status: OrderStatusKey): void {
  if (isNotifiedStatus(status)) schedule(() => sendStatusMail(order, status));
}

/** The shopper cancelled their own order: their 'cancelled' notice and the shop's. */
export function sendShopperCancelledMails(order: MailableOrder): Promise<number> {
  const mail = mailOrderOf(order);
  const shop = getEnv().mail?.shopAddress;
  return deliverMail([
    statusChangedMail(mail, 'cancelled'),
    ...(shop ? [shopperCancelledMail(mail, shop)] : []),
  ]);
}

export function scheduleShopperCancelledMails(order: MailableOrder): void {
  schedule(() => sendShopperCancelledMails(order));
}
