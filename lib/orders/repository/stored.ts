import 'server-only';

import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';

import { locales } from '@/lib/i18n/locales';
import { ORDER_PAYMENT_STATUSES, type OrderPaymentStatus } from '@/lib/payments/types';
import { ADDRESS_FIELDS, LATER_ADDRESS_FIELDS, type Address } from '@/lib/users/types';

import { orderTotal } from '../format';
import { EMPTY_STATUS_FLAGS, orderStatusKey, type OrderStatusKey } from '../status';
import { isOrderStatusKey } from '../transitions';
import type {
  ExtraPayment,
  OrderDetails,
  OrderItem,
  PaymentRefund,
  StatusChange,
  StatusHistoryEntry,
} from '../types';

// The stored order document, one schema for every reader of `orders/{id}`. The folder
// lib/orders/repository/ is the one reader and writer of that collection (reads.ts, panel.ts,
// writes.ts, markers.ts); everything else is a use-case over its functions (docs/ARCHITECTURE.md).
// Orders are written by writes.ts, but older and hand-edited documents exist, so every field falls
// back to a safe value instead of failing the whole list.

/** Only a stored `true` counts; anything else (missing, 'true', 1) is false. */
const flag = z.boolean().catch(false);
const text = z.string().catch('');

const statusSchema = z
  .object({
    confirmed: flag,
    waitingPayment: flag,
    inProduction: flag,
    waitingForRetrieval: flag,
    waitingForDelivery: flag,
    delivered: flag,
    cancelled: flag,
  })
  .catch({ ...EMPTY_STATUS_FLAGS });

const itemSchema = z.object({
  key: z.string().optional().catch(undefined),
  translatedTitle: z.string(),
  quantity: z.number(),
  value: z.number(),
});

/** The readable items; an unreadable one is left out rather than shown with made-up values. */
const itemsSchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): OrderItem[] => {
      const parsed = itemSchema.safeParse(entry);
      if (!parsed.success) return [];
      const { key, ...item } = parsed.data;
      return [key === undefined ? item : { key, ...item }];
    }),
  );

const dateSchema = z
  .union([
    z.instanceof(Timestamp).transform((value) => value.toDate()),
    z.union([z.string(), z.date()]).transform((value) => new Date(value)),
  ])
  .optional()
  .catch(undefined)
  .transform((date) => (date && !Number.isNaN(date.getTime()) ? date : undefined));

const addressSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .catch(null)
  .transform((stored): Address | null => {
    if (!stored) return null;
    const address = {} as Address;
    for (const field of ADDRESS_FIELDS) {
      const value = stored[field];
      // Bairro and Estado came later: an older order simply has none.
      if (typeof value === 'string') address[field] = value;
      else if (!LATER_ADDRESS_FIELDS.includes(field)) address[field] = '';
    }
    return address;
  });

/** The readable entries of `payment.extraPayments`; an unreadable one is left out. */
const extraPaymentsSchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): ExtraPayment[] => {
      const parsed = z
        .object({
          paymentId: z.string().min(1),
          status: text,
          at: z.instanceof(Timestamp).optional().catch(undefined),
        })
        .safeParse(entry);
      if (!parsed.success) return [];
      const { paymentId, status, at } = parsed.data;
      return [{ paymentId, status, at: at ? at.toDate().toISOString() : '' }];
    }),
  );

/** `payment.refunds` (by payment id) as a list; an unreadable entry is left out. */
const refundsSchema = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((raw) =>
    Object.entries(raw).flatMap(([paymentId, entry]): PaymentRefund[] => {
      const parsed = z
        .object({
          amount: z.number().nonnegative(),
          state: z.enum(['owed', 'refunded', 'failed']),
          at: z.instanceof(Timestamp).optional().catch(undefined),
        })
        .safeParse(entry);
      if (!parsed.success) return [];
      const { amount, state, at } = parsed.data;
      return [{ paymentId, amount, state, at: at ? at.toDate().toISOString() : '' }];
    }),
  );

const paymentSchema = z
  .object({
    provider: z.enum(['mercadopago', 'manual']).catch('manual'),
    status: z
      .enum(ORDER_PAYMENT_STATUSES as [OrderPaymentStatus, ...OrderPaymentStatus[]])
      .catch('pending'),
    preferenceId: z.string().nullable().catch(null),
    initPoint: z.string().nullable().catch(null),
    paymentId: z.string().nullable().catch(null),
    /** How many preferences were made; each retry needs a fresh idempotency key. */
    attempts: z.number().int().nonnegative().catch(0),
    /** `${paymentId}:${status}` of each webhook update applied (deduplicates deliveries). */
    processed: z.array(z.string()).catch([]),
    /** Payments that arrived after another one had paid the order (double charges). */
    extraPayments: extraPaymentsSchema,
    /** Payments that arrived after the order was cancelled, refunded (lib/orders/refunds.ts). */
    refunds: refundsSchema,
  })
  .catch({
    provider: 'manual',
    status: 'pending',
    preferenceId: null,
    initPoint: null,
    paymentId: null,
    attempts: 0,
    processed: [],
    extraPayments: [],
    refunds: [],
  });

const auditEntrySchema = z.object({
  at: z.instanceof(Timestamp).optional().catch(undefined),
  by: z.object({ email: text }).catch({ email: '' }),
  from: z.unknown(),
  to: z.unknown(),
});

/** The newest admin status change; Mercado Pago entries carry no from/to and are skipped. */
const lastChangeSchema = z
  .array(z.unknown())
  .catch([])
  .transform((audit): StatusChange | null => {
    for (let index = audit.length - 1; index >= 0; index -= 1) {
      const parsed = auditEntrySchema.safeParse(audit[index]);
      if (!parsed.success) continue;
      const { at, by, from, to } = parsed.data;
      if (!isOrderStatusKey(from) || !isOrderStatusKey(to)) continue;
      return { at: at ? at.toDate().toISOString() : '', byEmail: by.email, from, to };
    }
    return null;
  });

/**
 * The readable entries of `statusHistory` ({status, at} appended by every status write below);
 * an unreadable one is left out.
 */
const statusHistorySchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw) =>
    raw.flatMap((entry): StatusHistoryEntry[] => {
      const parsed = z
        .object({ status: z.unknown(), at: z.instanceof(Timestamp).optional().catch(undefined) })
        .safeParse(entry);
      if (!parsed.success || !isOrderStatusKey(parsed.data.status)) return [];
      return [{ status: parsed.data.status, at: parsed.data.at?.toDate().toISOString() ?? '' }];
    }),
  );

/** A status history entry as stored: the status and its time. */
export function historyEntry(status: OrderStatusKey, at: Date) {
  return { status, at: Timestamp.fromDate(at) };
}

const orderDocumentSchema = z.object({
  // The stored field `orderID`, spelt as in every order stored so far; the app's is `orderId`.
  orderID: z.string().min(1).optional().catch(undefined),
  orderDate: dateSchema,
  clientRef: text,
  orderItems: itemsSchema,
  status: statusSchema,
  shippingOption: z.enum(['Entrega', 'Retirada']).catch('Entrega'),
  total: z.number().optional().catch(undefined),
  memberDiscount: z
    .object({ percent: z.number().int().positive(), amount: z.number().positive() })
    .nullable()
    .catch(null)
    .default(null),
  locale: z.enum(locales).catch('pt-BR'),
  address: addressSchema,
  telephone: text,
  customer: z.object({ name: text, email: text }).catch({ name: '', email: '' }),
  payment: paymentSchema,
  /** Set once the order's units went back to the inventory, so they never go back twice. */
  stockReturned: flag,
  audit: lastChangeSchema,
  statusHistory: statusHistorySchema,
  /** When an unpaid online order stops holding its stock; null: never; missing: older order. */
  expiresAt: z
    .instanceof(Timestamp)
    .transform((value) => value.toDate())
    .nullable()
    .optional()
    .catch(null),
  // Delivery fee and day (lib/delivery): missing on orders placed before them.
  deliveryFee: z.number().int().min(0).catch(0),
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  // What the shop needs to invoice and pack; older orders have neither.
  cpf: z.string().nullable().catch(null),
  giftMessage: text,
  recipientName: text,
  coupon: z
    .object({ code: z.string().min(1), amount: z.number().nonnegative() })
    .nullable()
    .catch(null)
    .default(null),
  /** The coupon use shard its use came from (lib/coupons/repository.ts); null: none recorded. */
  couponShard: z.number().int().nonnegative().nullable().catch(null).default(null),
  /** Set once its coupon's use went back, so it never goes back twice. */
  couponReturned: flag,
});

/** An order as the use-cases see it: the app's view plus the bookkeeping they act on. */
export type StoredOrder = OrderDetails & {
  stockReturned: boolean;
  couponShard: number | null;
  couponReturned: boolean;
  paymentAttempts: number;
  processedPaymentEvents: string[];
  /** Payments that paid the order again after `payment.paymentId` had paid it. */
  extraPayments: ExtraPayment[];
  /** Payments that reached it after it was cancelled, and their refunds. */
  refunds: PaymentRefund[];
  /** See lib/orders/expiry.ts; undefined for orders stored before expiry existed. */
  expiresAt: Date | null | undefined;
  statusHistory: StatusHistoryEntry[];
};

/**
 * The statuses an order went through, oldest first. Every order starts awaiting approval when it
 * is placed and ends at its current status; an order stored before `statusHistory` existed (or
 * whose first entries predate it) gets those two ends from its date and flags, the current one
 * timed by the last admin change when that change led to it.
 */
function completeHistory(
  stored: readonly StatusHistoryEntry[],
  orderDate: string,
  current: OrderStatusKey,
  lastChange: StatusChange | null,
): StatusHistoryEntry[] {
  const history = [...stored];
  if (history[0]?.status !== 'awaitingApproval') {
    history.unshift({ status: 'awaitingApproval', at: orderDate });
  }
  if (history[history.length - 1]!.status !== current) {
    history.push({ status: current, at: lastChange?.to === current ? lastChange.at : '' });
  }
  return history;
}

/** How a stored order says its amounts are centavos; one without it holds whole reais. */
export const AMOUNTS_IN_CENTAVOS = { amountsIn: 'centavos' } as const;

/** An order stored before amounts were centavos (whole reais), with its amounts in centavos. */
function amountsInCentavos(data: Record<string, unknown>): Record<string, unknown> {
  if (data.amountsIn === AMOUNTS_IN_CENTAVOS.amountsIn) return data;
  const scale = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) : value);
  const scaleField = (value: unknown, field: string) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, [field]: scale((value as Record<string, unknown>)[field]) }
      : value;
  return {
    ...data,
    total: scale(data.total),
    deliveryFee: scale(data.deliveryFee),
    memberDiscount: scaleField(data.memberDiscount, 'amount'),
    orderItems: Array.isArray(data.orderItems)
      ? data.orderItems.map((item: unknown) => scaleField(item, 'value'))
      : data.orderItems,
  };
}

/** The one mapping from a stored order document to the app's order. */
export function reshapeOrder(snapshot: DocumentSnapshot): StoredOrder | null {
  const data = snapshot.data();
  if (!data) return null;
  const stored = orderDocumentSchema.parse(amountsInCentavos(data));
  const { attempts, processed, extraPayments, refunds, ...payment } = stored.payment;
  // A document without a readable date still belongs in the list; its creation time is the
  // closest truth available.
  const orderDate = (
    stored.orderDate ??
    snapshot.createTime?.toDate() ??
    new Date(0)
  ).toISOString();
  return {
    orderId: stored.orderID ?? snapshot.id,
    orderDate,
    clientRef: stored.clientRef,
    orderItems: stored.orderItems,
    status: stored.status,
    shippingOption: stored.shippingOption,
    total:
      stored.total !== undefined && Number.isFinite(stored.total)
        ? stored.total
        : orderTotal(stored.orderItems) + stored.deliveryFee,
    memberDiscount: stored.memberDiscount,
    locale: stored.locale,
    customer: stored.customer,
    telephone: stored.telephone,
    address: stored.shippingOption === 'Entrega' ? stored.address : null,
    payment,
    lastChange: stored.audit,
    cpf: stored.cpf,
    giftMessage: stored.giftMessage,
    recipientName: stored.recipientName,
    coupon: stored.coupon,
    stockReturned: stored.stockReturned,
    couponShard: stored.couponShard,
    couponReturned: stored.couponReturned,
    paymentAttempts: attempts,
    processedPaymentEvents: processed,
    extraPayments,
    refunds,
    expiresAt: stored.expiresAt,
    deliveryFee: stored.deliveryFee,
    deliveryDate: stored.deliveryDate,
    statusHistory: completeHistory(
      stored.statusHistory,
      orderDate,
      orderStatusKey(stored.status),
      stored.audit,
    ),
  };
}
