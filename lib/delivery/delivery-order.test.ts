// Placing orders with the delivery table, against a private local Firebase: the fee comes from
// the stored table (never from the request), a CEP outside every region or a day not offered is
// refused with nothing written, a day's capacity holds when two shoppers race for its last place
// (the local Firestore's transactions conflict as Firestore's do), and cancelling gives it back.
import type { Firestore } from 'firebase-admin/firestore';

import { getSeedProduct } from '@/lib/catalogue/seed';
import type { PublicUser } from '@/lib/users/types';
import { setUpFileFirebase } from '@/test/local-firebase-env';
import {
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  signedInUser,
} from '@/test/session-mock';

import { addDays, offeredDays, shopToday, type DeliveryTable } from './table';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('next/headers', () => mockHeadersModule());

jest.setTimeout(60_000);

const ROOT = 'projects/chocolate-shop';

const TABLE: DeliveryTable = {
  regions: [
    { name: 'Centro', from: '01000000', to: '01599999', fee: 1200, days: 1 },
    { name: 'Nordeste', from: '40000000', to: '65999999', fee: 6000, days: 3 },
  ],
  freeAbove: 40000,
  dailyCapacity: 1,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  pickupDays: 1,
};

let db: Firestore;
let orders: typeof import('@/lib/orders/place-order');
let cancel: typeof import('@/lib/orders/cancel-order');

let sequence = 0;
function shopper(): PublicUser {
  sequence += 1;
  return signedInUser({
    uid: `uid-delivery-${sequence}`,
    email: `delivery-${sequence}@example.com`,
    name: `Shopper ${sequence}`,
  });
}

const address = (postalCode: string) => ({
  street: 'Avenida Paulista',
  number: '1000',
  extra: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postalCode,
});

function place(user: PublicUser, overrides: Record<string, unknown>) {
  sequence += 1;
  return mockSessionStore.run(user, () =>
    orders.placeOrder({
      orderId: `DLV${String(sequence).padStart(8, '0')}`,
      // 2 x R$ 35.
      lines: [{ key: 'mini-ovo', quantity: 2 }],
      shippingOption: 'Entrega',
      address: address('01310-100'),
      telephone: '(11) 91234-5678',
      locale: 'pt-BR',
      ...overrides,
    }),
  );
}

const stored = async (orderId: string) => (await db.doc(`${ROOT}/orders/${orderId}`).get()).data();
const holders = async (day: string) =>
  ((await db.doc(`${ROOT}/deliverySlots/${day}`).get()).get('orderIds') as string[]) ?? [];
const orderCount = async () => (await db.collection(`${ROOT}/orders`).get()).size;

/** The n-th day offered for a lead time of `lead` days (the table delivers every day). */
const dayAhead = (lead: number, n = 0) => offeredDays(TABLE, lead)[n]!;

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ db } = firebase);
  orders = await import('@/lib/orders/place-order');
  cancel = await import('@/lib/orders/cancel-order');
  await db.doc(`${ROOT}/settings/delivery`).set({ ...TABLE, amountsIn: 'centavos' });
  await db.doc(`${ROOT}/inventory/mini-ovo`).set({ stock: 100 });
  await db.doc(`${ROOT}/inventory/ovo-pistache`).set({ stock: 100 });
});

beforeEach(async () => (await import('@/lib/rate-limit')).resetRateLimiters());

describe("the checkout's quote (GET /api/delivery/quote)", () => {
  const quote = async (shippingOption: 'Entrega' | 'Retirada', cep = '') =>
    (await import('./quote')).quoteDelivery({
      shippingOption,
      cep,
      lines: [{ product: getSeedProduct('mini-ovo')!, quantity: 2 }],
    });

  it('offers pick-up days without a CEP or a fee, and marks a full day', async () => {
    const full = dayAhead(TABLE.pickupDays, 1);
    await db.doc(`${ROOT}/deliverySlots/${full}`).set({ orderIds: ['QUOTEFULL01'] });
    const answer = await quote('Retirada');
    expect(answer).toMatchObject({ configured: true, outside: false, fee: 0, total: 7000 });
    expect(answer.days.slice(0, 3)).toEqual([
      { day: dayAhead(TABLE.pickupDays, 0), full: false },
      { day: full, full: true },
      { day: dayAhead(TABLE.pickupDays, 2), full: false },
    ]);
    await db.doc(`${ROOT}/deliverySlots/${full}`).delete();
  });

  it("prices delivery by the CEP's region with its lead time, and says when none serves it", async () => {
    const answer = await quote('Entrega', '01310-100');
    expect(answer).toMatchObject({ configured: true, outside: false, fee: 1200, total: 8200 });
    expect(answer.region).toBe('Centro');
    expect(answer.days[0]).toEqual({ day: dayAhead(1, 0), full: false });
    expect((await quote('Entrega', '50000-000')).days[0]?.day).toBe(dayAhead(3, 0));
    expect(await quote('Entrega', '70000-000')).toMatchObject({
      configured: true,
      outside: true,
      days: [],
    });
  });
});

describe('an order with the delivery table', () => {
  it("stores the region's fee and the day, and adds the fee to the total", async () => {
    const day = dayAhead(1, 0);
    const result = await place(shopper(), { deliveryDate: day });
    expect(result).toMatchObject({ ok: true });
    const orderId = (result as { orderId: string }).orderId;
    expect(await stored(orderId)).toMatchObject({
      deliveryFee: 1200,
      deliveryDate: day,
      total: 8200,
    });
    expect(await holders(day)).toEqual([orderId]);
  });

  it("waives the fee for a club member whose plan has free delivery (the server's perk)", async () => {
    const member = { ...shopper(), isMember: true };
    const now = Date.now();
    await db.doc(`${ROOT}/memberships/${member.uid}`).set({
      uid: member.uid,
      email: member.email,
      plan: 'mensal',
      state: 'active',
      locale: 'pt-BR',
      boxMonths: [],
      provider: 'manual',
      preapprovalId: null,
      initPoint: null,
      nextChargeAt: null,
      sourceModifiedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const result = await place(member, { deliveryDate: dayAhead(1, 1) });
    expect(result).toMatchObject({ ok: true });
    const order = await stored((result as { orderId: string }).orderId);
    expect(order).toMatchObject({ deliveryFee: 0 });
    expect(order?.total).toBe(order?.orderItems[0].value * order?.orderItems[0].quantity);
  });

  it('charges nothing from the free-delivery threshold up, and nothing for pick-up', async () => {
    // 3 x R$ 193 = 579, over the R$ 400 threshold.
    const free = await place(shopper(), {
      lines: [{ key: 'ovo-pistache', quantity: 3 }],
      address: address('50000-000'),
      deliveryDate: dayAhead(3, 6),
    });
    expect(await stored((free as { orderId: string }).orderId)).toMatchObject({
      deliveryFee: 0,
      total: 57900,
    });
    const pickup = await place(shopper(), {
      shippingOption: 'Retirada',
      address: undefined,
      deliveryDate: dayAhead(1, 2),
    });
    expect(await stored((pickup as { orderId: string }).orderId)).toMatchObject({
      deliveryFee: 0,
      total: 7000,
    });
  });

  it('refuses a forged fee, a CEP outside every region and a day not offered, writing nothing', async () => {
    const before = await orderCount();
    const day = dayAhead(1, 3);
    expect(await place(shopper(), { deliveryDate: day, deliveryFee: 0 })).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await place(shopper(), { address: address('70000-000'), deliveryDate: day })).toEqual({
      ok: false,
      error: 'delivery-outside',
    });
    const yesterday = addDays(shopToday(), -1);
    expect(await place(shopper(), { deliveryDate: yesterday })).toEqual({
      ok: false,
      error: 'delivery-date',
    });
    // Too soon for the Nordeste's three days.
    expect(
      await place(shopper(), {
        address: address('50000-000'),
        deliveryDate: addDays(shopToday(), 1),
      }),
    ).toEqual({ ok: false, error: 'delivery-date' });
    expect(await orderCount()).toBe(before);
    expect(await holders(day)).toEqual([]);
  });

  it("gives a day's last place to exactly one of two racing shoppers, and back on cancel", async () => {
    const day = dayAhead(1, 4);
    const [ana, bia] = [shopper(), shopper()];
    // Different products: no stock document keeps the two orders apart, only the day's slot as
    // read in each order's transaction.
    const results = await Promise.all([
      place(ana, { deliveryDate: day }),
      place(bia, { deliveryDate: day, lines: [{ key: 'ovo-pistache', quantity: 1 }] }),
    ]);
    const placed = results.filter((result) => result.ok);
    expect(placed).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'delivery-full' }]);
    const winner = (placed[0] as { orderId: string }).orderId;
    expect(await holders(day)).toEqual([winner]);

    // A third shopper is refused while it is full...
    const carla = shopper();
    expect(await place(carla, { deliveryDate: day })).toEqual({
      ok: false,
      error: 'delivery-full',
    });
    // ...and gets it once the winner cancels.
    const owner = results[0]!.ok ? ana : bia;
    const cancelled = await cancel.cancelOpenOrder(winner, { uid: owner.uid, email: owner.email });
    expect(cancelled.kind).toBe('cancelled');
    expect(await holders(day)).toEqual([]);
    const again = await place(carla, { deliveryDate: day });
    expect(again).toMatchObject({ ok: true });
    expect(await holders(day)).toEqual([(again as { orderId: string }).orderId]);
  });

  it('gives an order that names no day the first day with room, for delivery and pick-up', async () => {
    // The checkout sends none only when it could not load the days; the order must still take
    // one, or it would escape the days' capacity. The table holds one order a day, and the tests
    // above have filled some.
    const open: string[] = [];
    for (const day of offeredDays(TABLE, 1)) if ((await holders(day)).length === 0) open.push(day);
    expect(await place(shopper(), { deliveryDate: open[0] })).toMatchObject({ ok: true });
    const delivered = await place(shopper(), {});
    expect(delivered).toMatchObject({ ok: true });
    const deliveredID = (delivered as { orderId: string }).orderId;
    expect(await stored(deliveredID)).toMatchObject({ deliveryDate: open[1], deliveryFee: 1200 });
    const picked = await place(shopper(), { shippingOption: 'Retirada', address: undefined });
    expect(picked).toMatchObject({ ok: true });
    const pickedID = (picked as { orderId: string }).orderId;
    expect(await stored(pickedID)).toMatchObject({ deliveryDate: open[2], deliveryFee: 0 });
    expect(await holders(open[1]!)).toEqual([deliveredID]);
    expect(await holders(open[2]!)).toEqual([pickedID]);
  });

  it('refuses an order that names no day when every day offered is full, saying so, writing nothing', async () => {
    // Not 'this date filled up': the shopper chose none (their checkout could not load the days).
    const days = offeredDays(TABLE, 1);
    const filled: string[] = [];
    for (const day of days) {
      if ((await holders(day)).length > 0) continue;
      await db.doc(`${ROOT}/deliverySlots/${day}`).set({ orderIds: ['FILLER00001'] });
      filled.push(day);
    }
    try {
      const before = await orderCount();
      expect(await place(shopper(), {})).toEqual({ ok: false, error: 'delivery-no-days' });
      expect(await orderCount()).toBe(before);
    } finally {
      for (const day of filled) await db.doc(`${ROOT}/deliverySlots/${day}`).delete();
    }
  });
});
