// Pix on the order's page, in both languages, on a shop of this spec's own with Mercado Pago
// configured against the local fake of its API (test/fake-mercadopago.ts), as
// e2e/order-page-payment.spec.ts runs it: choosing Pix shows the QR image, the copy-and-paste code
// with its copy button and the time left; the same code again after a reload; a signed webhook for
// that payment turns the page to 'Pago' without a reload; a code past its time says so.
// MercadoPago.js is on the internet and never loads here: the card choice shows the page's
// fallback; a stand-in script at its address (CARD_BRICK_STAND_IN: MercadoPago.js's constructor and
// bricks().create(), whose form only calls the brick's onSubmit with a token, as the real brick
// does after tokenizing the card) drives the rest of the card path: the page's brick code, POST
// /api/orders/payment, the fake's POST /v1/payments, the order paid. With PIX_SHOTS_DIR set, the
// Pix panel is photographed at 1366x800 and 390x844.
import fs from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { signatureManifest, signManifest } from '../lib/payments/signature';
import { startFakeMercadoPago, type FakeMercadoPago } from '../test/fake-mercadopago';
import { skipIntro } from './fixtures/intro';
import {
  SHOP_PATH,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { expect, test } from './fixtures/test';
import { withOpenDay } from './fixtures/order-request';

const ACCESS_TOKEN = 'TEST-e2e-pix-access-token';
const WEBHOOK_SECRET = 'e2e-pix-webhook-secret';
const PRODUCT = 'barra-tropical-minas';

const TEXTS = {
  'pt-BR': {
    pix: 'Pix',
    card: 'Cartão de crédito',
    qrAlt: (id: string) => `QR code do Pix do pedido ${id}`,
    codeLabel: 'Pix copia e cola',
    copy: 'Copiar código',
    copied: 'Copiado',
    timeLeft: 'Tempo restante para pagar:',
    paid: 'Pago',
    expired: 'Este código Pix expirou: o prazo para pagar este pedido acabou.',
    sdkFailed: 'Não foi possível carregar o Mercado Pago agora.',
    deliveryFee: 'Taxa de entrega',
    cardRejected:
      'O cartão foi recusado. Tente outro cartão ou pague com Pix: seu pedido continua reservado.',
    declined:
      'Seu último pagamento com cartão foi recusado. Tente outro cartão ou pague com Pix: seu pedido continua reservado.',
    declinedState: 'Pagamento recusado',
  },
  en: {
    pix: 'Pix',
    card: 'Credit card',
    qrAlt: (id: string) => `Pix QR code for order ${id}`,
    codeLabel: 'Pix copy-and-paste code',
    copy: 'Copy code',
    copied: 'Copied',
    timeLeft: 'Time left to pay:',
    paid: 'Paid',
    expired: 'This Pix code has expired: the time to pay for this order is over.',
    sdkFailed: 'Mercado Pago could not be loaded right now.',
    deliveryFee: 'Delivery fee',
    cardRejected:
      'The card was declined. Try another card or pay with Pix: your order is still reserved.',
    declined:
      'Your last card payment was declined. Try another card or pay with Pix: your order is still reserved.',
    declinedState: 'Payment declined',
  },
} as const;

/** Stands in for https://sdk.mercadopago.com/js/v2: records what is created, submits a token. */
const CARD_BRICK_STAND_IN = `
window.__bricks = [];
window.MercadoPago = class {
  constructor(publicKey, options) { window.__mercadoPago = { publicKey, options }; }
  bricks() {
    return {
      create(name, containerId, settings) {
        window.__bricks.push({ name, initialization: settings.initialization });
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Stand-in: pay ' + settings.initialization.amount;
        button.onclick = () => settings.callbacks.onSubmit({
          token: window.__cardToken || 'e2e-card-token-0001', issuer_id: '24', payment_method_id: 'master',
          transaction_amount: 1, installments: 2,
          payer: { email: 'stand-in@example.com', identification: { type: 'CPF', number: '12345678909' } },
        });
        document.getElementById(containerId).appendChild(button);
        setTimeout(() => settings.callbacks.onReady(), 0);
        return Promise.resolve({ unmount() { button.remove(); } });
      },
    };
  }
};`;

let fake: FakeMercadoPago;
let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeMercadoPago(ACCESS_TOKEN);
  shop = await startPrivateShop({
    env: {
      MERCADOPAGO_PUBLIC_KEY: 'TEST-e2e-public-key',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MERCADOPAGO_API_BASE_URL: fake.baseUrl,
    },
  });
});

test.afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const pixRequests = () =>
  fake.requests.filter(
    ({ method, path: url, body }) =>
      method === 'POST' &&
      url === '/v1/payments' &&
      (body as { payment_method_id?: string } | null)?.payment_method_id === 'pix',
  ).length;

/** A delivery to São Paulo (capital): the seeded table's R$ 12 fee (scripts/local-firebase/seed.mjs). */
const DELIVERY = {
  shippingOption: 'Entrega' as const,
  address: {
    street: 'Rua Funchal',
    number: '200',
    extra: '',
    neighborhood: 'Vila Olímpia',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '04551-060',
  },
};

/** A signed-in shopper's new open order, paid online; returns its id. */
async function placeOrder(
  page: Page,
  locale: 'pt-BR' | 'en',
  prefix: string,
  receiving: { shippingOption: 'Entrega' | 'Retirada'; address?: object } = {
    shippingOption: 'Retirada',
  },
): Promise<string> {
  // Offline, the SDK's host cannot answer: fail at once rather than after a network timeout.
  await page.route(/mercadopago\.com/, (route) => route.abort());
  await skipIntro(page);
  await signedInShopper(shop, page);
  await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).set({ stock: 10 }, { merge: true });
  const orderId = `${prefix}${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
  const placed = await page.request.post(`${shop.url}/api/orders`, {
    headers: { origin: shop.url },
    data: await withOpenDay(page.request, shop.url, {
      orderId,
      lines: [{ key: PRODUCT, quantity: 2 }],
      telephone: '(11) 91234-5678',
      locale,
      ...receiving,
    }),
  });
  expect(placed.status()).toBe(200);
  return orderId;
}

/** Mercado Pago's notification about payment `id`, signed with the shop's webhook secret. */
async function notifyPayment(id: string) {
  const requestId = `e2e-pix-${id}-${Date.now()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = signManifest(signatureManifest({ dataId: id, requestId, ts }), WEBHOOK_SECRET);
  const response = await fetch(`${shop.url}/api/mercadopago/webhook?data.id=${id}&type=payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
    },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id } }),
  });
  return { status: response.status, body: await response.json() };
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`Pix (${locale}): the QR image, the copy-and-paste code and the time left; the same code after a reload; the webhook turns the page to paid without a reload`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[locale];
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    const orderId = await placeOrder(page, locale, 'PIX');
    const before = pixRequests();

    await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
    const panel = page.getByTestId('payment-panel');
    await panel.getByRole('radio', { name: t.pix }).click();
    await expect(panel.getByRole('radio', { name: t.pix })).toHaveAttribute('aria-checked', 'true');

    await test.step('the QR image, the code and the time left', async () => {
      const qr = panel.getByRole('img', { name: t.qrAlt(orderId) });
      await expect(qr).toBeVisible();
      await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/);
      // Decoded by the browser (a broken PNG has no natural size), under the real CSP.
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      const code = panel.getByRole('textbox', { name: t.codeLabel });
      const stored = await shop.db().doc(`${SHOP_PATH}/pixPayments/${orderId}`).get();
      const paymentId = stored.get('paymentId') as string;
      const made = fake.getPayment(paymentId) as unknown as {
        point_of_interaction: { transaction_data: { qr_code: string } };
        transaction_amount: number;
      };
      await expect(code).toHaveValue(made.point_of_interaction.transaction_data.qr_code);
      await expect(code).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
      expect(made.transaction_amount).toBeGreaterThan(0);
      const timeLeft = panel.getByTestId('pix-time-left');
      await expect(timeLeft).toContainText(t.timeLeft);
      const shown = await timeLeft.locator('time').innerText();
      expect(shown).toMatch(/^\d{1,2}:\d{2}$/);
      // It counts down.
      await expect(timeLeft.locator('time')).not.toHaveText(shown, { timeout: 5000 });
      expect(pixRequests()).toBe(before + 1);

      await panel.getByRole('button', { name: t.copy }).click();
      await expect(panel.getByRole('status').filter({ hasText: t.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        made.point_of_interaction.transaction_data.qr_code,
      );
    });

    const shotsDir = process.env.PIX_SHOTS_DIR;
    if (shotsDir) {
      await test.step('screenshots of the Pix panel', async () => {
        fs.mkdirSync(shotsDir, { recursive: true });
        for (const [width, height] of [
          [1366, 800],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          // The payment section at the top of the screen; on a phone, then the code and timer.
          await page.locator('#pagamento').evaluate((section) => section.scrollIntoView());
          await page.screenshot({
            path: path.join(shotsDir, `pix-${locale}-${width}x${height}.png`),
          });
          if (width < 600) {
            await page
              .getByTestId('pix-time-left')
              .evaluate((line) => line.scrollIntoView({ block: 'center' }));
            await page.screenshot({
              path: path.join(shotsDir, `pix-${locale}-${width}x${height}-code.png`),
            });
          }
        }
        await page.setViewportSize({ width: 1280, height: 720 });
      });
    }

    await test.step('a reload shows the same code, without a new payment', async () => {
      const code = await panel.getByRole('textbox', { name: t.codeLabel }).inputValue();
      await page.reload();
      await page.getByTestId('payment-panel').getByRole('radio', { name: t.pix }).click();
      await expect(
        page.getByTestId('payment-panel').getByRole('textbox', { name: t.codeLabel }),
      ).toHaveValue(code);
      expect(pixRequests()).toBe(before + 1);
    });

    await test.step('the webhook for the payment turns the page to paid by itself', async () => {
      await expect(page.getByTestId('order-payment-state')).not.toHaveText(t.paid);
      // Set on this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      const paymentId = (await shop.db().doc(`${SHOP_PATH}/pixPayments/${orderId}`).get()).get(
        'paymentId',
      ) as string;
      fake.setPayment({ ...fake.getPayment(paymentId)!, status: 'approved' });
      expect(await notifyPayment(paymentId)).toEqual({
        status: 200,
        body: { ok: true, result: 'applied' },
      });
      await expect(page.getByTestId('order-payment-state')).toHaveText(t.paid, { timeout: 20_000 });
      await expect(page.getByTestId('payment-panel')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    });
  });

  test(`Pix (${locale}): a code past its time says it expired; offline, the card choice shows the fallback`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const orderId = await placeOrder(page, locale, 'PIXEXP');
    // The order's deadline, which the Pix takes as its own, a few seconds away.
    const deadline = new Date(Date.now() + 15_000);
    await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).update({ expiresAt: deadline });
    await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
    const panel = page.getByTestId('payment-panel');

    await panel.getByRole('radio', { name: t.card }).click();
    await expect(panel.getByRole('alert').filter({ hasText: t.sdkFailed })).toBeVisible();

    await panel.getByRole('radio', { name: t.pix }).click();
    await expect(panel.getByTestId('pix-time-left').locator('time')).toHaveText(/^00:(0|1)\d$/);
    // At the deadline the code says it has expired (the order then expires as any other).
    await expect(panel.getByTestId('pix-expired')).toHaveText(t.expired, { timeout: 20_000 });
    await expect(panel.getByRole('img', { name: t.qrAlt(orderId) })).toHaveCount(0);
  });

  test(`card (${locale}): the Card Payment Brick's token pays the order through the shop's route and the page says paid`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const orderId = await placeOrder(page, locale, 'CARD');
    // Registered last, so it answers before placeOrder's abort of every mercadopago.com request.
    await page.route('https://sdk.mercadopago.com/js/v2', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: CARD_BRICK_STAND_IN }),
    );
    await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
    const panel = page.getByTestId('payment-panel');
    await panel.getByRole('radio', { name: t.card }).click();
    const pay = panel.getByRole('button', { name: /^Stand-in: pay / });
    await expect(pay).toBeVisible();
    const bricks = (await page.evaluate(() => (window as { __bricks?: unknown }).__bricks)) as {
      name: string;
      initialization: { amount: number };
    }[];
    expect(bricks).toHaveLength(1);
    expect(bricks[0]?.name).toBe('cardPayment');
    const order = (await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).data()!;
    // The stored total is centavos; Mercado Pago takes reais.
    expect(bricks[0]?.initialization.amount).toBe(order.total / 100);

    await pay.click();
    await expect(page.getByTestId('order-payment-state')).toHaveText(t.paid, { timeout: 20_000 });
    const request = fake.requests
      .filter(({ method, path: url }) => method === 'POST' && url === '/v1/payments')
      .at(-1);
    // The order's amount, not the brick's: the browser's idea of a price is never charged.
    expect(request?.body).toMatchObject({
      token: 'e2e-card-token-0001',
      payment_method_id: 'master',
      installments: 2,
      issuer_id: '24',
      transaction_amount: order.total / 100,
      external_reference: orderId,
    });
  });
  test(`card (${locale}): a declined card says so and keeps the order; Pix then pays it`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const orderId = await placeOrder(page, locale, 'DECL');
    const stock = async () =>
      (await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).get()).get('stock') as number;
    const held = await stock();
    await page.route('https://sdk.mercadopago.com/js/v2', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: CARD_BRICK_STAND_IN }),
    );
    await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
    const panel = page.getByTestId('payment-panel');
    await panel.getByRole('radio', { name: t.card }).click();
    const pay = panel.getByRole('button', { name: /^Stand-in: pay / });
    await expect(pay).toBeVisible();
    // The fake refuses tokens starting with 'reject' (test/fake-mercadopago.ts).
    await page.evaluate(() => Object.assign(window, { __cardToken: 'reject-e2e-card-0001' }));
    await pay.click();

    await expect(panel.getByTestId('card-outcome')).toHaveText(t.cardRejected, {
      timeout: 20_000,
    });
    const refused = (await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).data()!;
    expect(refused.payment.status).toBe('rejected');
    expect(refused.status).toMatchObject({ cancelled: false, waitingPayment: true });
    expect(await stock()).toBe(held);

    // As after a refusal the webhook reported: the page says so and still offers every way to pay.
    await page.reload();
    await expect(page.getByTestId('order-payment-state')).toHaveText(t.declinedState);
    const again = page.getByTestId('payment-panel');
    await expect(again.getByTestId('payment-declined')).toHaveText(t.declined);
    await expect(again.getByRole('radio', { name: t.card })).toBeVisible();
    await again.getByRole('radio', { name: t.pix }).click();
    await expect(again.getByRole('img', { name: t.qrAlt(orderId) })).toBeVisible();

    const paymentId = (await shop.db().doc(`${SHOP_PATH}/pixPayments/${orderId}`).get()).get(
      'paymentId',
    ) as string;
    fake.setPayment({ ...fake.getPayment(paymentId)!, status: 'approved' });
    expect(await notifyPayment(paymentId)).toEqual({
      status: 200,
      body: { ok: true, result: 'applied' },
    });
    await expect(page.getByTestId('order-payment-state')).toHaveText(t.paid, { timeout: 20_000 });
    expect(await stock()).toBe(held);
  });

  test(`delivery with a fee (${locale}): the Pix and the card charge the products and the fee`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[locale];
    const orderId = await placeOrder(page, locale, 'FEE', DELIVERY);
    const order = (await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).data()!;
    // 2 x R$ 40 and the region's R$ 12, stored in centavos.
    expect(order).toMatchObject({ deliveryFee: 1200, total: 9200 });
    await page.route('https://sdk.mercadopago.com/js/v2', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: CARD_BRICK_STAND_IN }),
    );
    await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
    await expect(page.getByTestId('order-delivery-fee')).toContainText(t.deliveryFee);
    await expect(page.getByTestId('order-delivery-fee')).toContainText('R$ 12,00');
    const panel = page.getByTestId('payment-panel');

    await test.step('the Pix is for the total, fee included', async () => {
      await panel.getByRole('radio', { name: t.pix }).click();
      await expect(panel.getByRole('img', { name: t.qrAlt(orderId) })).toBeVisible();
      const paymentId = (await shop.db().doc(`${SHOP_PATH}/pixPayments/${orderId}`).get()).get(
        'paymentId',
      ) as string;
      expect(fake.getPayment(paymentId)?.transaction_amount).toBe(92);
    });

    await test.step('the card is charged the total, fee included, and pays the order', async () => {
      await panel.getByRole('radio', { name: t.card }).click();
      await panel.getByRole('button', { name: /^Stand-in: pay / }).click();
      await expect(page.getByTestId('order-payment-state')).toHaveText(t.paid, { timeout: 20_000 });
      const charge = fake.requests
        .filter(({ method, path: url }) => method === 'POST' && url === '/v1/payments')
        .at(-1);
      expect(charge?.body).toMatchObject({
        token: 'e2e-card-token-0001',
        transaction_amount: 92,
        external_reference: orderId,
      });
    });
  });
}
