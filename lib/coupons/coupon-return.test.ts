// A cancelled or expired order gives its coupon's use back, against a private local Firebase:
// one use back to the coupon and the account's mark cleared, in the transaction that cancels it,
// whoever cancels (the shopper, the panel, expiry, Mercado Pago) and however many at once.
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

import type { PublicUser } from '@/lib/users/types';
import { untilStockSeen } from '@/test/stock-view';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { checkoutInput, coupon as baseCoupon } from '@/test/order-fixtures';
import { as, mockHeadersModule, mockSessionModule, shopper } from '@/test/session-mock';

import type { Coupon } from './rules';

jest.mock('@/lib/session/session', () => mockSessionModule());
// Each shopper calls from an address of their own.
jest.mock('next/headers', () => mockHeadersModule());

jest.setTimeout(120_000);

const ROOT = 'projects/chocolate-shop';
const ADMIN = { uid: 'seed-admin', email: 'admin@chocolates.local' };

let db: Firestore;
let orders: typeof import('@/lib/orders/place-order');
let cancel: typeof import('@/lib/orders/cancel-order');
let expiry: typeof import('@/lib/orders/expiry');
let payments: typeof import('@/lib/orders/payment-update');
let panel: typeof import('@/lib/control-panel/order-status');
let coupons: typeof import('./repository');
let check: typeof import('./check');

let sequence = 0;
const input = (couponCode: string) => {
  sequence += 1;
  return checkoutInput(`RET${String(sequence).padStart(9, '0')}`, { couponCode });
};

/** A coupon once per account, unless overridden. */
const coupon = (code: string, overrides: Partial<Coupon> = {}) =>
  baseCoupon(code, { usesPerAccount: 1, ...overrides });

/** Places an order with `code` as `user`; its id (the test fails when it is refused). */
async function place(user: PublicUser, code: string): Promise<string> {
  const result = await as(user, () => orders.placeOrder(input(code)));
  expect(result).toMatchObject({ ok: true });
  return result.ok ? result.orderId : '';
}

/** The coupon's uses as stored: the shards' sums, each shard's own, and `uid`'s uses. */
async function usesOf(code: string, uid: string) {
  const shards = (await db.collection(`${ROOT}/couponUses`).get()).docs.filter((doc) =>
    doc.id.startsWith(`${code}.`),
  );
  const account = await db.doc(`${ROOT}/couponAccounts/${code}.${uid}`).get();
  return {
    used: shards.reduce((sum, doc) => sum + (doc.get('used') as number), 0),
    left: shards.reduce((sum, doc) => sum + ((doc.get('left') as number | undefined) ?? 0), 0),
    shardsUsed: shards.map((doc) => doc.get('used') as number),
    account: (account.get('uses') as number | undefined) ?? 0,
  };
}

const orderData = async (orderId: string) =>
  (await db.doc(`${ROOT}/orders/${orderId}`).get()).data();

/** Expires `orderId` now: its deadline moved into the past, then the expiry run. */
async function expireNow(orderId: string): Promise<string[]> {
  await db
    .doc(`${ROOT}/orders/${orderId}`)
    .update({ expiresAt: Timestamp.fromMillis(Date.now() - 60_000) });
  return expiry.expireDueOrders();
}

/** A Mercado Pago payment of `orderId` reported cancelled. */
async function paymentCancelled(orderId: string) {
  const total = (await orderData(orderId))!.total as number;
  return payments.applyPaymentToOrder({
    id: `pay-${orderId}`,
    status: 'cancelled',
    externalReference: orderId,
    transactionAmount: total,
    currencyId: 'BRL',
  });
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ db } = firebase);
  orders = await import('@/lib/orders/place-order');
  cancel = await import('@/lib/orders/cancel-order');
  expiry = await import('@/lib/orders/expiry');
  payments = await import('@/lib/orders/payment-update');
  panel = await import('@/lib/control-panel/order-status');
  coupons = await import('./repository');
  check = await import('./check');
  await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 500 });
  await untilStockSeen('ovo-pistache', 500);
});
beforeEach(async () => (await import('@/lib/rate-limit')).resetRateLimiters());

it("the shopper's cancel gives one use back and clears the account's mark: the account applies it again", async () => {
  await coupons.createCoupon(coupon('VOLTA5', { totalUses: 5 }));
  const ana = shopper('ana');
  const first = await place(ana, 'VOLTA5');
  expect(await usesOf('VOLTA5', ana.uid)).toMatchObject({ used: 1, left: 4, account: 1 });
  // Used once per account: a second order is refused while the first stands.
  expect(await as(ana, () => orders.placeOrder(input('VOLTA5')))).toMatchObject({
    ok: false,
    error: 'coupon',
    coupon: { problem: 'account-used' },
  });

  expect(await as(ana, () => cancel.cancelMyOrder({ orderId: first }))).toMatchObject({ ok: true });
  expect(await usesOf('VOLTA5', ana.uid)).toMatchObject({ used: 0, left: 5, account: 0 });
  expect(await orderData(first)).toMatchObject({ statusKey: 'cancelled', couponReturned: true });
  // Cancelling again is refused and gives nothing back twice.
  expect(await as(ana, () => cancel.cancelMyOrder({ orderId: first }))).toMatchObject({
    ok: false,
    error: 'not-open',
  });
  expect(await usesOf('VOLTA5', ana.uid)).toMatchObject({ used: 0, left: 5, account: 0 });

  // The checkout's check and a new order both accept it again.
  expect(
    await check.checkCoupon('VOLTA5', [{ key: 'ovo-pistache', quantity: 1 }], ana),
  ).toMatchObject({ ok: true });
  const again = await place(ana, 'VOLTA5');
  expect(await orderData(again)).toMatchObject({ coupon: { code: 'VOLTA5' } });
  expect(await usesOf('VOLTA5', ana.uid)).toMatchObject({ used: 1, left: 4, account: 1 });
});

it('an order that expires unpaid gives its use back the same way', async () => {
  await coupons.createCoupon(coupon('PRAZO3', { totalUses: 3 }));
  const bia = shopper('bia');
  const orderId = await place(bia, 'PRAZO3');
  expect(await usesOf('PRAZO3', bia.uid)).toMatchObject({ used: 1, left: 2, account: 1 });

  expect(await expireNow(orderId)).toContain(orderId);
  expect(await orderData(orderId)).toMatchObject({
    statusKey: 'cancelled',
    stockReturned: true,
    couponReturned: true,
  });
  expect(await usesOf('PRAZO3', bia.uid)).toMatchObject({ used: 0, left: 3, account: 0 });
  // A second run finds nothing to expire and gives nothing back.
  expect(await expireNow(orderId)).not.toContain(orderId);
  expect(await usesOf('PRAZO3', bia.uid)).toMatchObject({ used: 0, left: 3, account: 0 });
  await place(bia, 'PRAZO3');
});

it('a cancel racing another cancel, the panel and the expiry gives exactly one use back', async () => {
  await coupons.createCoupon(coupon('CORRIDA', { totalUses: 4 }));
  for (let run = 0; run < 3; run += 1) {
    const caio = shopper(`caio-${run}`);
    const orderId = await place(caio, 'CORRIDA');
    await db
      .doc(`${ROOT}/orders/${orderId}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 60_000) });
    const outcomes = await Promise.all([
      as(caio, () => cancel.cancelMyOrder({ orderId })),
      as(caio, () => cancel.cancelMyOrder({ orderId })),
      panel.changeStatus({ orderId, to: 'cancelled' }, ADMIN),
      expiry.expireDueOrders(),
      paymentCancelled(orderId),
    ]);
    const [mine, again, admin, expired, paid] = outcomes;
    const cancelledBy = [
      mine.ok,
      again.ok,
      admin.ok,
      expired.includes(orderId),
      paid === 'applied',
    ].filter(Boolean);
    expect(cancelledBy).toHaveLength(1);
    expect(await usesOf('CORRIDA', caio.uid)).toMatchObject({ used: 0, left: 4, account: 0 });
  }
});

it('after N orders and M cancels, by whoever, the coupon has its uses less N plus M', async () => {
  const budget = 12;
  await coupons.createCoupon(coupon('CONTA12', { totalUses: budget }));
  const placed: { orderId: string; user: PublicUser }[] = [];
  for (let index = 0; index < 9; index += 1) {
    const user = shopper(`conta-${index}`);
    placed.push({ orderId: await place(user, 'CONTA12'), user });
  }
  // One each way, and one paid order the shop cancels after confirming it.
  const [byShopper, byPanel, byExpiry, byPayment, paidThenCancelled] = placed;
  expect(
    await as(byShopper!.user, () => cancel.cancelMyOrder({ orderId: byShopper!.orderId })),
  ).toMatchObject({ ok: true });
  expect(
    await panel.changeStatus({ orderId: byPanel!.orderId, to: 'cancelled' }, ADMIN),
  ).toMatchObject({ ok: true });
  expect(await expireNow(byExpiry!.orderId)).toContain(byExpiry!.orderId);
  expect(await paymentCancelled(byPayment!.orderId)).toBe('applied');
  expect(
    await panel.changeStatus({ orderId: paidThenCancelled!.orderId, to: 'confirmed' }, ADMIN),
  ).toMatchObject({ ok: true });
  expect(
    await panel.changeStatus({ orderId: paidThenCancelled!.orderId, to: 'cancelled' }, ADMIN),
  ).toMatchObject({ ok: true });
  const N = placed.length;
  const M = 5;

  const stored = await usesOf('CONTA12', 'nobody');
  expect(stored).toMatchObject({ used: N - M, left: budget - N + M });
  // Each use went back to the shard it came from: none below zero.
  expect(stored.shardsUsed.every((used) => used >= 0)).toBe(true);
  const found = await coupons.readCouponForCheck('CONTA12', null);
  expect(found.usesLeft).toBe(budget - N + M);
  // What the panel's coupon list shows.
  expect((await coupons.listCoupons()).find((entry) => entry.code === 'CONTA12')).toMatchObject({
    used: N - M,
    totalUses: budget,
  });
  for (const [index, { user }] of placed.entries()) {
    expect((await usesOf('CONTA12', user.uid)).account).toBe(index < M ? 0 : 1);
  }
});

it('a coupon since turned off or expired still gets its use back, and cannot be applied', async () => {
  await coupons.createCoupon(coupon('DESLIGA', { totalUses: 2 }));
  await coupons.createCoupon(coupon('VENCE', { totalUses: 2 }));
  const duda = shopper('duda');
  const off = await place(duda, 'DESLIGA');
  const old = await place(duda, 'VENCE');
  await coupons.setCouponActive('DESLIGA', false);
  await db.doc(`${ROOT}/coupons/VENCE`).update({ validUntil: '2020-12-31' });

  await as(duda, () => cancel.cancelMyOrder({ orderId: off }));
  await panel.changeStatus({ orderId: old, to: 'cancelled' }, ADMIN);
  expect(await usesOf('DESLIGA', duda.uid)).toMatchObject({ used: 0, left: 2, account: 0 });
  expect(await usesOf('VENCE', duda.uid)).toMatchObject({ used: 0, left: 2, account: 0 });
  const lines = [{ key: 'ovo-pistache', quantity: 1 }];
  expect(await check.checkCoupon('DESLIGA', lines, duda)).toMatchObject({
    ok: false,
    problem: 'inactive',
  });
  expect(await check.checkCoupon('VENCE', lines, duda)).toMatchObject({
    ok: false,
    problem: 'expired',
  });
});

it('an order stored without its use shard gives the use back to a shard that has one', async () => {
  await coupons.createCoupon(coupon('ANTIGO', { totalUses: null, usesPerAccount: null }));
  const eva = shopper('eva');
  const orderId = await place(eva, 'ANTIGO');
  await db.doc(`${ROOT}/orders/${orderId}`).update({ couponShard: FieldValue.delete() });
  await as(eva, () => cancel.cancelMyOrder({ orderId }));
  const stored = await usesOf('ANTIGO', eva.uid);
  expect(stored).toMatchObject({ used: 0, account: 0 });
  expect(stored.shardsUsed.every((used) => used === 0)).toBe(true);
});

it('an order whose stored shard has no use to give back returns it to a shard that has one', async () => {
  await coupons.createCoupon(coupon('MOVIDO', { totalUses: 8 }));
  const ana = shopper('ana-movido');
  const orderId = await place(ana, 'MOVIDO');
  const shard = (await orderData(orderId))!.couponShard as number;
  const other = (shard + 1) % 8;
  // The use moved to another shard by hand, as an owner fixing counts in the console might.
  await db
    .doc(`${ROOT}/couponUses/MOVIDO.${shard}`)
    .update({ used: 0, left: FieldValue.increment(1) });
  await db.doc(`${ROOT}/couponUses/MOVIDO.${other}`).update({
    used: FieldValue.increment(1),
    left: FieldValue.increment(-1),
  });
  expect(await as(ana, () => cancel.cancelMyOrder({ orderId }))).toMatchObject({
    ok: true,
  });
  expect(await usesOf('MOVIDO', ana.uid)).toMatchObject({ used: 0, left: 8, account: 0 });
});
