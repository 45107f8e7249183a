import 'server-only';

import { keepAliveUntil } from '@/lib/after-response';
import { getEnv } from '@/lib/env';
import { runTransaction } from '@/lib/firebase/admin';
import { queueStatusMail } from '@/lib/mail/order-mail';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import type { OrderPaymentStatus } from '@/lib/payments/types';
import { throttledTask, type ThrottledTask } from '@/lib/throttled-task';

import { markOrderChanged } from './repository/markers';
import { getOrderInTransaction } from './repository/reads';
import type { StoredOrder } from './repository/stored';
import { applyExpiry, clearExpiry, listExpiryCandidates } from './repository/writes';
import { releaseCancelledOrder } from './release-order';
import { isOpenOrderStatus, orderStatusKey } from './status';
import { logEvent, logFailure } from '@/lib/log';

// Holding stock fairly. An open order (placed, neither paid nor confirmed) holds its units until
// `expiresAt`, set when it is placed: ORDER_PAYMENT_EXPIRY_MINUTES for one paid online (the
// Mercado Pago preference expires at the same moment), ORDER_HOLD_HOURS for one paid by hand
// (WhatsApp) unless an admin confirms it first. Then it is cancelled and its units go back, once.
// Every account may hold at most MAX_OPEN_ORDERS open orders, and across them at most HOLD_LIMITS
// units (lib/orders/limits.ts, checked by lib/orders/place-order.ts). Orders stored before manual
// ones got an `expiresAt` (null) keep holding until an admin settles them.

export const MAX_OPEN_ORDERS = 3;

/** Payment states in which the shopper can still pay. */
const UNPAID_PAYMENT_STATUSES: readonly OrderPaymentStatus[] = [
  'pending',
  'error',
  'waiting',
  'rejected',
];

/** At most this many orders are expired per run; the next run takes the rest. */
const EXPIRY_BATCH = 100;

type ExpiryView = Pick<StoredOrder, 'status' | 'payment' | 'orderDate' | 'expiresAt'>;

export function isOpenOrder(order: Pick<StoredOrder, 'status'>): boolean {
  return isOpenOrderStatus(orderStatusKey(order.status));
}

/**
 * Open and not paid: paid online and still unpaid, or paid by hand and not yet confirmed by the
 * shop (confirming moves it out of the open statuses). The orders that expire.
 */
export function isAwaitingPayment(order: ExpiryView): boolean {
  if (!isOpenOrder(order)) return false;
  return (
    order.payment.provider === 'manual' || UNPAID_PAYMENT_STATUSES.includes(order.payment.status)
  );
}

export function paymentExpiryMs(): number {
  return getEnv().orders.paymentExpiryMinutes * 60_000;
}

/** When an order paid online, placed (or made payable) at `from`, stops holding its stock. */
export function paymentDeadline(from = new Date()): Date {
  return new Date(from.getTime() + paymentExpiryMs());
}

/** When an order paid by hand, placed at `from`, stops holding its stock unless confirmed. */
export function manualHoldDeadline(from = new Date()): Date {
  return new Date(from.getTime() + getEnv().orders.manualHoldHours * 3_600_000);
}

/**
 * The deadline of an order: its `expiresAt`, or for online orders stored before `expiresAt`
 * existed their date plus the limit; null: it never expires.
 */
function deadlineOf(order: ExpiryView): number | null {
  if (order.expiresAt instanceof Date) return order.expiresAt.getTime();
  if (order.expiresAt === undefined && order.payment.provider === 'mercadopago') {
    return Date.parse(order.orderDate) + paymentExpiryMs();
  }
  return null;
}

function isDue(order: ExpiryView, now: Date): boolean {
  const deadline = deadlineOf(order);
  return isAwaitingPayment(order) && deadline !== null && deadline <= now.getTime();
}

/**
 * The open orders among `orders` (one account's unsettled ones), oldest first. An unpaid order
 * past its deadline does not count: it is as good as cancelled.
 */
export function openOrdersOf(orders: readonly StoredOrder[], now: Date): StoredOrder[] {
  return orders
    .filter((order) => isOpenOrder(order) && !isDue(order, now))
    .sort((a, b) => a.orderDate.localeCompare(b.orderDate));
}

/**
 * Cancels one order if, read again inside the transaction, it is still awaiting payment past
 * its deadline: status 'cancelled', its units and coupon use back once
 * (lib/orders/release-order.ts), an audit
 * entry. Returns the order (as it was) when this call expired it, so of two concurrent runs
 * exactly one does (and only that one tells the shopper).
 */
async function expireOne(orderId: string, now: Date): Promise<StoredOrder | null> {
  return runTransaction(async (transaction): Promise<StoredOrder | null> => {
    const order = await getOrderInTransaction(transaction, orderId);
    if (!order) return null;
    if (!isAwaitingPayment(order)) {
      // Paid, approved or cancelled meanwhile: it no longer needs to be looked at.
      if (order.expiresAt) clearExpiry(transaction, orderId);
      return null;
    }
    if (!isDue(order, now)) return null;
    const released = await releaseCancelledOrder(transaction, order);
    applyExpiry(transaction, orderId, { from: orderStatusKey(order.status), at: now, ...released });
    markOrderChanged(transaction, order.clientRef);
    queueStatusMail(transaction, order, 'cancelled');
    return order;
  });
}

/**
 * Expires every order awaiting payment past its deadline. Safe to run concurrently and
 * repeatedly (each order is re-checked in its own transaction). Returns the expired order ids.
 */
export async function expireDueOrders(now = new Date()): Promise<string[]> {
  const candidates = await listExpiryCandidates(
    now,
    new Date(now.getTime() - paymentExpiryMs()),
    UNPAID_PAYMENT_STATUSES,
    EXPIRY_BATCH,
  );
  const expired: string[] = [];
  for (const id of candidates) {
    const order = await expireOne(id, now);
    if (!order) continue;
    expired.push(id);
  }
  if (expired.length > 0) {
    sendQueuedMailSoon();
    logEvent('orders.expired', { count: expired.length, orderIds: expired.join(' ') });
  }
  return expired;
}

// Lazy expiry: reads of orders and stock (the panel's orders and stock pages, the shopper's
// orders list) and each new order start a run, at most once per LAZY_INTERVAL_MS per server
// process, so held units come back within a minute even without the cron endpoint. A read waits
// for the run at most LAZY_WAIT_MS, so it stays fast; the rest of the run is handed to Next's
// after() (lib/after-response.ts), so a serverless host keeps the function alive until the run
// has returned the units instead of freezing it mid-run once the response is sent. Its queries are
// indexed (`expiresAt`; `payment.status` + `orderDate` for older orders, firestore.indexes.json).
// The state lives on globalThis: the pages, actions and routes that trigger it are separate
// bundles of one process.
const LAZY_INTERVAL_MS = 30_000;
export const LAZY_WAIT_MS = 250;

const lazyExpiry = ((globalThis as { __shopLazyExpiry?: ThrottledTask }).__shopLazyExpiry ??=
  throttledTask(() => expireDueOrders(), {
    intervalMs: LAZY_INTERVAL_MS,
    onError: (error) => logFailure('orders.expiry_failed', error, { trigger: 'lazy' }),
    keepAlive: keepAliveUntil,
  }));

/**
 * Expires due orders unless that ran within the interval; waits for the run at most `waitMs`
 * (Infinity: until it ends, as placing an order does before it reserves stock). Never throws: a
 * read must not fail for it.
 */
export function expireDueOrdersLazily(waitMs = LAZY_WAIT_MS): Promise<void> {
  return lazyExpiry.trigger(waitMs);
}

/** Test hook: the next lazy call runs at once. */
export function resetLazyExpiry(): void {
  lazyExpiry.reset();
}

/** Test hook: resolves when the lazy run under way, if any, has ended (starts none). */
export function lazyExpiryIdle(): Promise<void> {
  return lazyExpiry.idle();
}
