// Orders as the data-layer suites place and store them: what the checkout form sends, an open
// order's document written straight to Firestore, and a coupon to apply.
import type { Timestamp } from 'firebase-admin/firestore';

import type { Coupon } from '@/lib/coupons/rules';

/**
 * Every status flag false, as a new order stores them: written out here, not taken from
 * lib/orders/status.ts, so that what a test expects does not follow the code under test.
 */
export const NO_STATUS_FLAGS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

/**
 * What the checkout form sends for order `orderId`: one ovo-pistache picked up at the shop, in
 * pt-BR, unless `fields` say otherwise.
 */
export function checkoutInput(orderId: string, fields: Record<string, unknown> = {}) {
  return {
    orderId,
    lines: [{ key: 'ovo-pistache', quantity: 1 }],
    shippingOption: 'Retirada',
    telephone: '(11) 91234-5678',
    locale: 'pt-BR',
    ...fields,
  };
}

/** What an open order's document says of its own: whose, when, how paid, until when. */
type OwnFields = {
  orderDate: Timestamp;
  clientRef: string;
  customer: { name: string; email: string };
  payment: Record<string, unknown>;
  expiresAt: Timestamp;
};

/**
 * The document of an order awaiting approval, as the checkout stores it: 2 units of ovo-pistache
 * at 100 centavos, picked up, in pt-BR. `fields` give the rest and override any, each key in the
 * place the checkout writes it.
 */
export function openOrderDocument(
  id: string,
  {
    orderDate,
    clientRef,
    customer,
    payment,
    expiresAt,
    ...overrides
  }: OwnFields & Record<string, unknown>,
) {
  return {
    // The field as stored (lib/orders/repository/stored.ts reads it as orderId).
    orderID: id,
    orderDate,
    clientRef,
    orderItems: [{ key: 'ovo-pistache', translatedTitle: 'Ovo', quantity: 2, value: 100 }],
    status: { ...NO_STATUS_FLAGS },
    statusKey: 'awaitingApproval',
    shippingOption: 'Retirada',
    total: 200,
    locale: 'pt-BR',
    customer,
    payment,
    stockReturned: false,
    audit: [],
    expiresAt,
    ...overrides,
  };
}

/** Coupon `code`: 10 % off, open to everyone at any time, without limits, unless overridden. */
export function coupon(code: string, overrides: Partial<Coupon> = {}): Coupon {
  return {
    code,
    kind: 'percent',
    value: 10,
    minimum: 0,
    validFrom: null,
    validUntil: null,
    totalUses: null,
    usesPerAccount: null,
    firstOrderOnly: false,
    active: true,
    ...overrides,
  };
}
