// The order limit over HTTP, through the checkout form: one account's 6th order in a minute gets
// 429 with Retry-After, writes nothing, and the form says how long to wait. On a shop of this
// spec's own (e2e/fixtures/private-shop.ts): the Playwright server raises every limit x100.
import {
  openCheckout,
  orderExists,
  SHOP_PATH,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { skipIntro } from './fixtures/intro';
import { expect, test } from './fixtures/test';
import { withOpenDay } from './fixtures/order-request';

const PRODUCT = 'barra-tropical-amazonas';

let shop: PrivateShop;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPrivateShop();
});

test.afterAll(async () => {
  await shop?.close();
});

test('the 6th order in a minute from one account: 429 with Retry-After, nothing written, the form says when to try again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await skipIntro(page);
  await signedInShopper(shop, page);
  const inventory = shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`);
  await inventory.set({ stock: 100 }, { merge: true });

  // The form first, ready to send; then orders through the same endpoint it calls, each confirmed
  // at once (the cap of three open orders per account is not what this is about), until one is
  // refused: the account's 5 a minute are then used up, however long this machine took to place
  // them (one comes back every 12 s), and the form's order follows at once.
  const reference = await openCheckout(shop, page, PRODUCT, {
    locale: 'pt-BR',
    pickup: /^Retirada/,
  });
  let placed = 0;
  for (;;) {
    const orderId = `LIMIT${String(placed + 1).padStart(7, '0')}`;
    const response = await page.request.post(`${shop.url}/api/orders`, {
      headers: { origin: shop.url },
      data: await withOpenDay(page.request, shop.url, {
        orderId,
        lines: [{ key: PRODUCT, quantity: 1 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale: 'pt-BR',
      }),
    });
    if (response.status() === 429) break;
    expect(response.status(), `order ${placed + 1}`).toBe(200);
    placed += 1;
    expect(placed, 'orders placed before the limit').toBeLessThanOrEqual(10);
    await shop
      .db()
      .doc(`${SHOP_PATH}/orders/${orderId}`)
      .update({ 'status.confirmed': true, statusKey: 'confirmed' });
  }
  expect(placed, 'orders placed before the limit').toBeGreaterThanOrEqual(5);

  const answer = page.waitForResponse(`${shop.url}/api/orders`);
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const response = await answer;
  expect(response.status()).toBe(429);
  const retryAfter = Number(response.headers()['retry-after']);
  // One order comes back every 12 s (5 a minute).
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(12);
  await expect(page.getByTestId('checkout-errors')).toHaveText(
    `Muitos pedidos em pouco tempo. Nada foi salvo: tente de novo em ${retryAfter} ${
      retryAfter === 1 ? 'segundo' : 'segundos'
    }.`,
  );
  await expect(page).toHaveURL(/\/pt-BR\/checkout$/);
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeEnabled();
  expect(await orderExists(shop, reference)).toBe(false);
  expect((await inventory.get()).get('stock')).toBe(100 - placed);
});
