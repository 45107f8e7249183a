// One charge per order on two app servers (two processes on one local Firebase, as two instances
// behind a load balancer): a card payment for one order sent to each at the same moment, as two
// tabs would, 20 times. The fake Mercado Pago holds the charges it is asked for until one answer
// has come back or both charges have arrived, so each run is the race that charged cards twice.
import type { Page } from '@playwright/test';

import { startFakeMercadoPago, type FakeMercadoPago } from '../test/fake-mercadopago';
import {
  SHOP_PATH,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { withOpenDay } from './fixtures/order-request';
import { expect, test } from './fixtures/test';

const ACCESS_TOKEN = 'TEST-e2e-two-instances-pay';
const RUNS = 20;

let fake: FakeMercadoPago;
let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  shop = await startPrivateShop({
    instances: 2,
    env: {
      MERCADOPAGO_PUBLIC_KEY: 'TEST-e2e-public-key',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: 'e2e-two-instances-pay-secret',
      MERCADOPAGO_API_BASE_URL: fake.baseUrl,
      // Twenty shoppers from one address: the limits are not what this is about.
      RATE_LIMIT_MULTIPLIER: '100',
    },
  });
  await shop.db().doc(`${SHOP_PATH}/inventory/mini-ovo`).set({ stock: 100 }, { merge: true });
});

test.afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

async function placeOrder(page: Page, orderId: string) {
  const answer = await page.request.post(`${shop.urls[0]}/api/orders`, {
    headers: { origin: shop.urls[0]! },
    data: await withOpenDay(page.request, shop.urls[0]!, {
      orderId,
      lines: [{ key: 'mini-ovo', quantity: 1 }],
      shippingOption: 'Retirada' as const,
      telephone: '(11) 91234-5678',
      locale: 'pt-BR',
    }),
  });
  expect(answer.status()).toBe(200);
}

function payByCard(page: Page, url: string, orderId: string, token: string) {
  return page.request.post(`${url}/api/orders/payment`, {
    headers: { origin: url },
    data: { orderId, method: 'card', card: { token, paymentMethodId: 'visa', installments: 1 } },
  });
}

test(`two card payments for one order at the same moment on two app servers, ${RUNS} runs: one charge, the other 409`, async ({
  page,
}) => {
  test.setTimeout(600_000);
  const outcomes: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Signed in on the first server; the session cookie is good on both.
    await signedInShopper(shop, page);
    const orderId = `PAYTWO${String(run).padStart(4, '0')}${Date.now() % 100_000}`;
    await placeOrder(page, orderId);
    const [first, second] = run % 2 === 0 ? shop.urls : [shop.urls[1]!, shop.urls[0]!];
    const hold = fake.holdPayments();
    let answered = 0;
    const answers = [
      payByCard(page, first!, orderId, `tab-one-${orderId}`),
      payByCard(page, second!, orderId, `tab-two-${orderId}`),
    ].map((answer) => answer.finally(() => (answered += 1)));
    await expect.poll(() => answered > 0 || hold.held() >= 2, { timeout: 60_000 }).toBe(true);
    hold.release();
    const statuses = await Promise.all(
      answers.map(async (answer) => ({
        status: (await answer).status(),
        body: (await (await answer).json()) as Record<string, unknown>,
      })),
    );
    outcomes.push(statuses.map((answer) => answer.status).join('/'));

    const charges = fake.requests.filter(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v1/payments' &&
        (request.body as { external_reference?: string }).external_reference === orderId,
    );
    expect(charges, `run ${run}`).toHaveLength(1);
    expect(statuses.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(statuses.find((answer) => answer.status === 409)?.body).toEqual({
      ok: false,
      error: 'payment-in-progress',
    });
    const order = (await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).data()!;
    expect(order.status).toMatchObject({ confirmed: true });
    expect(order.payment.extraPayments ?? []).toEqual([]);
  }
  console.info(`two app servers, card against card, ${RUNS} runs: ${outcomes.join(' ')}`);
});
