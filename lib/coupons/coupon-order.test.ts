// Coupons on orders against a private local Firebase (whose transactions run side by side as
// Firestore's do): the server prices the order with the coupon, the payment charges that total,
// each refusal is said, and 200 shoppers applying a coupon with 10 uses at once give exactly 10
// orders carrying it (lib/coupons/repository.ts counts the uses in the order's transaction).
import type { Firestore } from 'firebase-admin/firestore';

import { untilStockSeen } from '@/test/stock-view';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import { checkoutInput, coupon } from '@/test/order-fixtures';
import { as, mockHeadersModule, mockSessionModule, shopper } from '@/test/session-mock';

jest.mock('@/lib/session/session', () => mockSessionModule());
// Each shopper calls from an address of their own.
jest.mock('next/headers', () => mockHeadersModule());

jest.setTimeout(120_000);

const ROOT = 'projects/chocolate-shop';

let db: Firestore;
let orders: typeof import('@/lib/orders/place-order');
let coupons: typeof import('./repository');

let sequence = 0;
function input(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return checkoutInput(`CUP${String(sequence).padStart(9, '0')}`, {
    lines: [{ key: 'ovo-pistache', quantity: 2 }],
    ...overrides,
  });
}

async function setStock(key: string, value: number) {
  await db.doc(`${ROOT}/inventory/${key}`).set({ stock: value });
  await untilStockSeen(key, value);
}

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ db } = firebase);
  orders = await import('@/lib/orders/place-order');
  coupons = await import('./repository');
});
beforeEach(async () => (await import('@/lib/rate-limit')).resetRateLimiters());

describe('an order with a coupon', () => {
  it('is priced by the server with it: stored, in the total and in what the payment charges', async () => {
    await setStock('ovo-pistache', 40);
    expect(await coupons.createCoupon(coupon('PASCOA10'))).toBe(true);
    // A code is created once.
    expect(await coupons.createCoupon(coupon('PASCOA10', { value: 50 }))).toBe(false);
    const result = await as(shopper('ana'), () =>
      orders.placeOrder(input({ couponCode: ' pascoa10 ' })),
    );
    expect(result).toMatchObject({ ok: true });
    const stored = (await db.doc(`${ROOT}/orders/${result.ok ? result.orderId : ''}`).get()).data();
    // Two eggs, 10 % off, to the centavo.
    const { getProductRecord } = await import('@/lib/catalogue/repository');
    const subtotal = 2 * (await getProductRecord('ovo-pistache'))!.price;
    const off = Math.round(subtotal / 10);
    expect(stored).toMatchObject({
      total: subtotal - off,
      coupon: { code: 'PASCOA10', amount: off },
    });
    const { onlinePaymentItems, onlinePaymentAmount } = await import('@/lib/orders/online-payment');
    const paid = {
      locale: 'pt-BR' as const,
      orderItems: stored!.orderItems,
      coupon: stored!.coupon,
    };
    expect(onlinePaymentAmount(paid)).toBe(subtotal - off);
    expect(onlinePaymentItems(paid)).toEqual([
      expect.objectContaining({
        quantity: 1,
        unitPrice: subtotal - off,
        title: expect.stringContaining('cupom PASCOA10'),
      }),
    ]);
  });

  it('is refused, writing nothing, when the coupon is expired, under its minimum, already used or unknown', async () => {
    await setStock('ovo-pistache', 40);
    await coupons.createCoupon(
      coupon('VELHO', { validFrom: '2020-01-01', validUntil: '2020-12-31' }),
    );
    await coupons.createCoupon(coupon('MINIMO', { minimum: 50000 }));
    await coupons.createCoupon(coupon('UMAVEZ', { usesPerAccount: 1 }));
    await coupons.createCoupon(coupon('PRIMEIRA', { firstOrderOnly: true }));
    const bia = shopper('bia');
    // Another account for the refusals before any use: each order counts against an account's
    // five a minute (lib/rate-limit).
    const caio = shopper('caio');
    const before = (await db.collection(`${ROOT}/orders`).get()).size;
    const refusal = (problem: string, minimum = 0) => ({
      ok: false,
      error: 'coupon',
      coupon: { problem, minimum },
    });
    expect(await as(caio, () => orders.placeOrder(input({ couponCode: 'VELHO' })))).toEqual(
      refusal('expired'),
    );
    expect(await as(caio, () => orders.placeOrder(input({ couponCode: 'MINIMO' })))).toEqual(
      refusal('minimum', 50000),
    );
    expect(await as(caio, () => orders.placeOrder(input({ couponCode: 'NAOEXISTE' })))).toEqual(
      refusal('unknown'),
    );
    expect(await as(caio, () => orders.placeOrder(input({ couponCode: '??' })))).toEqual(
      refusal('unknown'),
    );
    expect((await db.collection(`${ROOT}/orders`).get()).size).toBe(before);
    // The first order with it goes; the account's second is refused; so is a first-order coupon.
    expect(await as(bia, () => orders.placeOrder(input({ couponCode: 'UMAVEZ' })))).toMatchObject({
      ok: true,
    });
    expect(await as(bia, () => orders.placeOrder(input({ couponCode: 'UMAVEZ' })))).toEqual(
      refusal('account-used'),
    );
    expect(await as(bia, () => orders.placeOrder(input({ couponCode: 'PRIMEIRA' })))).toEqual(
      refusal('first-order'),
    );
    expect(
      await as(shopper('novata'), () => orders.placeOrder(input({ couponCode: 'PRIMEIRA' }))),
    ).toMatchObject({ ok: true });
    // The refusals are said in both languages (messages/*.json, "Coupon.errors").
    for (const locale of ['pt-BR', 'en']) {
      const messages = (await import(`@/messages/${locale}.json`)) as {
        Coupon: { errors: Record<string, string> };
      };
      for (const key of ['expired', 'usedUp', 'minimum', 'accountUsed', 'unknown', 'firstOrder']) {
        expect(messages.Coupon.errors[key]).toEqual(expect.any(String));
      }
    }
  });
});

it('200 shoppers applying a coupon with 10 uses at once: exactly 10 orders carry it', async () => {
  const { listProductRecords } = await import('@/lib/catalogue/repository');
  // The orders spread over every product, so the coupon is what they contend for.
  const keys = (await listProductRecords()).map((product) => product.key);
  for (const key of keys) await setStock(key, 60);
  expect(await coupons.createCoupon(coupon('RUSH10', { totalUses: 10, value: 20 }))).toBe(true);

  const started = Date.now();
  // A shopper told 'temporarily unavailable' (the server admits a few orders at a time and tells
  // the ones it cannot start in time at once) presses again, with the same order.
  let pressedAgain = 0;
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      as(shopper(`rush-${index}`), async () => {
        const body = input({
          lines: [{ key: keys[index % keys.length]!, quantity: 1 }],
          couponCode: 'RUSH10',
        });
        for (let press = 1; ; press += 1) {
          const result = await orders.placeOrder(body);
          if (result.ok || result.error !== 'temporarily-unavailable' || press === 20) {
            return result;
          }
          pressedAgain += 1;
          await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
        }
      }),
    ),
  );
  const elapsed = Date.now() - started;

  const placed = results.filter((result) => result.ok);
  const usedUp = results.filter(
    (result) => !result.ok && result.error === 'coupon' && result.coupon?.problem === 'used-up',
  );
  const other = results.filter((result) => !result.ok && result.error !== 'coupon');
  const carrying = await db.collection(`${ROOT}/orders`).where('coupon.code', '==', 'RUSH10').get();
  const uses = await db.collection(`${ROOT}/couponUses`).get();
  const shards = uses.docs.filter((doc) => doc.id.startsWith('RUSH10.'));
  console.log(
    `coupon race: ${JSON.stringify({
      placed: placed.length,
      usedUp: usedUp.length,
      other: other.map((result) => (result.ok ? '' : result.error)),
      carrying: carrying.size,
      pressedAgain,
      elapsedMs: elapsed,
    })}`,
  );
  expect(carrying.size).toBe(10);
  expect(placed).toHaveLength(10);
  expect(usedUp).toHaveLength(190);
  expect(shards.reduce((sum, doc) => sum + (doc.get('used') as number), 0)).toBe(10);
  expect(shards.every((doc) => doc.get('left') === 0)).toBe(true);
  const listed = (await coupons.listCoupons()).find((entry) => entry.code === 'RUSH10');
  expect(listed).toMatchObject({ used: 10, totalUses: 10 });
});
