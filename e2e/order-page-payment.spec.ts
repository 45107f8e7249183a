// Paying online from where the shopper follows the order, in both languages, on a shop of this
// spec's own with Mercado Pago configured against the local fake of its API
// (test/fake-mercadopago.ts, as lib/orders/payment.test.ts uses): 'Meus pedidos' offers 'Pagar' for
// an open, unpaid order, which opens the order's page at its payment (a fresh payment can be made
// there) beside the cancel; once cancelled, neither offers to pay. MercadoPago.js itself is on the
// internet and never loads here; the page's fallback stands in for the brick.
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

const ACCESS_TOKEN = 'TEST-e2e-access-token';
const PRODUCT = 'barra-tropical-minas';

const TEXTS = {
  'pt-BR': {
    pay: (id: string) => `Pagar o pedido ${id}`,
    retry: 'Gerar novo pagamento',
    retryIntro: 'O Pix expirou ou o pagamento não foi concluído?',
    retried: 'Novo pagamento gerado.',
    paymentState: 'Aguardando pagamento',
    cancel: (id: string) => `Cancelar pedido ${id}`,
    yes: 'Sim, cancelar',
    cancelledTitle: (id: string) => `Pedido ${id}: Cancelado`,
  },
  en: {
    pay: (id: string) => `Pay for order ${id}`,
    retry: 'Create a new payment',
    retryIntro: 'Did the Pix expire or the payment not go through?',
    retried: 'A new payment was created.',
    paymentState: 'Awaiting payment',
    cancel: (id: string) => `Cancel order ${id}`,
    yes: 'Yes, cancel',
    cancelledTitle: (id: string) => `Order ${id}: Cancelled`,
  },
} as const;

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
      MERCADOPAGO_WEBHOOK_SECRET: 'e2e-webhook-secret',
      MERCADOPAGO_API_BASE_URL: fake.baseUrl,
    },
  });
});

test.afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const preferenceRequests = () =>
  fake.requests.filter(({ method, path }) => method === 'POST' && path === '/checkout/preferences')
    .length;

for (const locale of ['pt-BR', 'en'] as const) {
  test(`an open, unpaid order (${locale}): 'Meus pedidos' offers to pay, the order's page has the payment beside the cancel; cancelled, neither offers it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[locale];
    // Offline, the SDK's host cannot answer: fail at once rather than after a network timeout.
    await page.route(/mercadopago\.com/, (route) => route.abort());
    await skipIntro(page);
    await signedInShopper(shop, page);
    await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).set({ stock: 10 }, { merge: true });
    const orderId = `PAY${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
    const before = preferenceRequests();
    const placed = await page.request.post(`${shop.url}/api/orders`, {
      headers: { origin: shop.url },
      data: await withOpenDay(page.request, shop.url, {
        orderId,
        lines: [{ key: PRODUCT, quantity: 1 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale,
      }),
    });
    expect(placed.status()).toBe(200);
    expect(((await placed.json()) as { payment: { mode: string } }).payment.mode).toBe(
      'mercadopago',
    );
    expect(preferenceRequests()).toBe(before + 1);

    await test.step("'Meus pedidos' offers to pay it, on the order's page", async () => {
      await page.goto(`${shop.url}/${locale}/usuario`);
      await page
        .getByRole('main')
        .getByRole('link', { name: t.pay(orderId) })
        .click();
      await expect(page).toHaveURL(`${shop.url}/${locale}/checkout/${orderId}#pagamento`);
      await expect(page.getByTestId('order-payment-state')).toHaveText(t.paymentState);
      const panel = page.getByTestId('payment-panel');
      await expect(panel).toBeVisible();
      // Nothing was tried yet: no 'did the payment not go through?'.
      await expect(panel.getByText(t.retryIntro)).toHaveCount(0);
      await expect(panel.getByRole('button', { name: t.retry })).toHaveCount(0);
      // A declined card recorded on the order (as lib/orders/pay-order.ts records one): now it asks.
      await shop
        .db()
        .doc(`${SHOP_PATH}/orders/${orderId}`)
        .update({ 'payment.status': 'rejected' });
      await page.reload();
      await expect(panel.getByText(t.retryIntro)).toBeVisible();
      await panel.getByRole('button', { name: t.retry }).click();
      await expect(panel.getByRole('status').filter({ hasText: t.retried })).toBeVisible();
      expect(preferenceRequests()).toBe(before + 2);
    });

    await test.step('the cancel is in the same place; once cancelled, nothing offers to pay', async () => {
      const main = page.getByRole('main');
      await main.getByRole('button', { name: t.cancel(orderId) }).click();
      await main.getByRole('button', { name: t.yes }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.cancelledTitle(orderId));
      await expect(page.getByTestId('payment-panel')).toHaveCount(0);
      await page.goto(`${shop.url}/${locale}/usuario`);
      await expect(page.getByRole('main').getByRole('link', { name: /^(View|Ver)/ })).toHaveCount(
        1,
      );
      await expect(page.getByRole('main').getByRole('link', { name: t.pay(orderId) })).toHaveCount(
        0,
      );
    });
  });
}
