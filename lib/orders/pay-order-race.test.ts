// One charge per order across instances: two payments for one order sent at the same moment to
// two instances of the shop. Each instance is the app's modules loaded a second time
// (jest.isolateModulesAsync): its own firebase-admin app and channel, its own memory (rate
// limiters, webhook state), so all they share is the local Firebase, as two servers behind a load
// balancer share Firestore. The fake Mercado Pago holds the charges it is asked for until the test
// lets them go: without a claim both charges reach it; with one, the second instance answers 409
// while the first is still at Mercado Pago.
import type { Firestore } from 'firebase-admin/firestore';

import type { PublicUser } from '@/lib/users/types';
import { startFakeMercadoPago, type FakeMercadoPago } from '@/test/fake-mercadopago';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';
import {
  mockHeadersModule,
  mockSessionModule,
  mockSessionStore,
  signedInUser,
} from '@/test/session-mock';

import type { PayOrderResult } from './pay-order-result';

jest.mock('@/lib/session/session', () => mockSessionModule());
jest.mock('next/headers', () => mockHeadersModule());

jest.setTimeout(240_000);

const ROOT = 'projects/chocolate-shop';
const ORIGIN = 'http://shop.test';
const ACCESS_TOKEN = 'TEST-access-token-pay-race';
const PRODUCT = 'ovo-pistache';
const RUNS = 20;

type Instance = {
  route: typeof import('@/app/api/orders/payment/route');
  orders: typeof import('./place-order');
};

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let fake: FakeMercadoPago;
let instances: [Instance, Instance];

/**
 * The app's modules loaded once more: another instance. Its Firestore client is made here, while
 * the modules are isolated: firebase-admin loads the Firestore library on first use, and a later
 * load would come from the test's own registry.
 */
async function loadInstance(): Promise<Instance> {
  let instance: Instance | undefined;
  await jest.isolateModulesAsync(async () => {
    (await import('@/lib/firebase/admin')).getAdminDb();
    instance = {
      route: await import('@/app/api/orders/payment/route'),
      orders: await import('./place-order'),
    };
  });
  return instance!;
}

/** A shopper whose uid is also their name. */
const shopper = (uid: string) => signedInUser({ uid, email: `${uid}@example.com`, name: uid });

async function place(user: PublicUser, orderId: string): Promise<void> {
  const result = await mockSessionStore.run(user, () =>
    instances[0].orders.placeOrder({
      orderId,
      lines: [{ key: PRODUCT, quantity: 1 }],
      shippingOption: 'Retirada',
      telephone: '11 91234-5678',
      locale: 'pt-BR',
    }),
  );
  expect(result).toMatchObject({ ok: true, payment: { mode: 'mercadopago' } });
}

type Answer = { status: number; body: PayOrderResult };

function pay(instance: Instance, user: PublicUser, body: unknown): Promise<Answer> {
  return mockSessionStore.run(user, async () => {
    const response = await instance.route.POST(
      new Request(`${ORIGIN}/api/orders/payment`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${instances.indexOf(instance) + 1}`,
        },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as PayOrderResult };
  });
}

const card = (token: string) => ({ token, paymentMethodId: 'visa', installments: 1 });

/** POSTs /v1/payments the fake received for `orderId` (whether it made a payment or not). */
const chargesAskedFor = (orderId: string) =>
  fake.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v1/payments' &&
      (request.body as { external_reference?: string } | null)?.external_reference === orderId,
  );

/**
 * Sends both payments at once to the two instances while the fake holds every charge, lets the
 * charges go once one answer has come back (the loser's) or both charges are held (no claim),
 * and returns both answers.
 */
async function race(send: [() => Promise<Answer>, () => Promise<Answer>]): Promise<Answer[]> {
  const hold = fake.holdPayments();
  let settled = 0;
  const answers = send.map((one) =>
    one().finally(() => {
      settled += 1;
    }),
  );
  try {
    for (let waited = 0; settled === 0 && hold.held() < 2; waited += 10) {
      if (waited > 60_000) throw new Error('neither payment reached Mercado Pago nor answered');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    hold.release();
  }
  return Promise.all(answers);
}

beforeAll(async () => {
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  Object.assign(process.env, {
    MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret-pay-race',
    MERCADOPAGO_API_BASE_URL: fake.baseUrl,
  });
  stack = await startTestFirebase({ timeoutMs: 80_000 });
  clients = adminClients(stack);
  db = clients.db;
  await db.doc(`${ROOT}/inventory/${PRODUCT}`).set({ stock: 500 });
  instances = [await loadInstance(), await loadInstance()];
}, 120_000);

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  await fake?.close();
});

it(`two card payments for one order at the same moment on two instances: one charge, the other 409 (${RUNS} runs)`, async () => {
  const outcomes: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const user = shopper(`uid-race-${run}`);
    const orderId = `PAYRACE${String(run).padStart(5, '0')}`;
    await place(user, orderId);
    // Which instance sends first alternates; both are in flight together.
    const [first, second] = run % 2 === 0 ? instances : [instances[1], instances[0]];
    const answers = await race([
      () => pay(first, user, { orderId, method: 'card', card: card(`tab-one-${orderId}`) }),
      () => pay(second, user, { orderId, method: 'card', card: card(`tab-two-${orderId}`) }),
    ]);
    outcomes.push(answers.map((answer) => answer.status).join('/'));

    expect(chargesAskedFor(orderId)).toHaveLength(1);
    expect(fake.paymentsOf(orderId)).toHaveLength(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)?.body).toEqual({
      ok: true,
      method: 'card',
      status: 'approved',
    });
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({
      ok: false,
      error: 'payment-in-progress',
    });
    const stored = (await db.doc(`${ROOT}/orders/${orderId}`).get()).data()!;
    expect(stored.status).toMatchObject({ confirmed: true, cancelled: false });
    expect(stored.payment).toMatchObject({
      status: 'approved',
      paymentId: String(fake.paymentsOf(orderId)[0]!.id),
    });
    expect(stored.payment.extraPayments ?? []).toEqual([]);
  }
  console.info(`card against card, ${RUNS} runs: ${outcomes.join(' ')}`);
});

it('a card and a Pix for one order at the same moment on two instances: one payment made, the other 409', async () => {
  for (let run = 0; run < 4; run += 1) {
    const user = shopper(`uid-race-pix-${run}`);
    const orderId = `PAYRACEPIX${String(run).padStart(2, '0')}`;
    await place(user, orderId);
    const [cardAt, pixAt] = run % 2 === 0 ? instances : [instances[1], instances[0]];
    const answers = await race([
      () => pay(cardAt, user, { orderId, method: 'card', card: card(`tab-card-${orderId}`) }),
      () => pay(pixAt, user, { orderId, method: 'pix' }),
    ]);
    expect(chargesAskedFor(orderId)).toHaveLength(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({
      ok: false,
      error: 'payment-in-progress',
    });
  }
});

it('the attempt that lost sees the outcome of the one that won: a Pix shown again, a paid order refused', async () => {
  const user = shopper('uid-race-after');
  const orderId = 'PAYRACEAFTER';
  await place(user, orderId);
  const [pix] = await race([
    () => pay(instances[0], user, { orderId, method: 'pix' }),
    () => pay(instances[1], user, { orderId, method: 'pix' }),
  ]);
  // Asked again (as the page does while it says 'being paid'): the first attempt's code.
  const again = await pay(instances[1], user, { orderId, method: 'pix' });
  expect(again).toEqual(pix);
  expect(chargesAskedFor(orderId)).toHaveLength(1);
});
