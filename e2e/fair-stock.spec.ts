import { Timestamp } from 'firebase-admin/firestore';

import { ADMIN } from './fixtures/account';
import { CheckoutPage, createShopper, setStock, signInFromFooter } from './fixtures/checkout';
import { createOrder, sessionContext, uniqueOrderId } from './fixtures/control-panel';
import { expect, SHOP_LOCALES, test } from './fixtures/shop';
import { withOpenDay } from './fixtures/order-request';

// Fair stock at Easter (HOLD_LIMITS, lib/orders/limits.ts: 5 of a product and 20 units across an
// account's open orders): the cart says so before the shopper meets it, and the server refuses
// above it with a message naming the limit. Each test signs in as a shopper of its own and
// starts by setting the products' stock to 50: the two languages' tests run side by side on one
// shop, and the other's open order must not leave fewer than the 10 its greedy order asks for
// (a line over a product's known stock is answered 'out-of-stock' before any limit is counted).

const PRODUCT = 'barra-tropical-rio';
// Over both limits and within the stock: 10 each of three products whose stock the test sets.
const GREEDY = [PRODUCT, 'ovo-tropical-maravilha', 'ovo-cookies-com-nutella'];

const TEXTS = {
  'pt-BR': {
    title: 'Barra Tropical Rio',
    add: 'Adicionar à lista: Barra Tropical Rio',
    perProduct: 'Limite por cliente: até 5 de cada produto',
    policy:
      'Para que todos possam comprar, cada cliente pode reservar até 5 unidades de cada produto e 20 no total em pedidos em aberto.',
    increase: 'Adicionar uma unidade de Barra Tropical Rio',
    decrease: 'Remover uma unidade de Barra Tropical Rio',
    refusal:
      'Barra Tropical Rio: para que todos possam comprar, cada cliente pode reservar até 5 unidades de cada produto em pedidos em aberto. Este pedido tem 3 e você já reservou 3 em outros pedidos.',
  },
  en: {
    title: 'Tropical Rio Bar',
    add: 'Add to list: Tropical Rio Bar',
    perProduct: 'Limit per customer: up to 5 of each product',
    policy:
      'So that everyone can buy, each customer may hold up to 5 units of each product and 20 in all in open orders.',
    increase: 'Add one Tropical Rio Bar',
    decrease: 'Remove one Tropical Rio Bar',
    refusal:
      'Tropical Rio Bar: so that everyone can buy, each customer may hold up to 5 units of each product in open orders. This order has 3 and you already hold 3 in other orders.',
  },
} as const;

for (const locale of SHOP_LOCALES) {
  test(`fair stock (${locale}): 3 x 10 is refused naming the limits, the cart stops at 5 and says why, and an order over the limit with an open one is refused in the form`, async ({
    page,
    shopIn,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const shop = shopIn(locale);
    for (const key of GREEDY) await setStock(key, 50);
    const shopper = await createShopper(`fair-${locale}`);
    await signInFromFooter(page, shop, shopper);

    // Everything at once, straight to the endpoint: 409 naming each limit, in the order's language.
    const greedy = await page.request.post('/api/orders', {
      headers: { origin: baseURL! },
      data: await withOpenDay(page.request, baseURL!, {
        orderId: `GREEDY${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`,
        lines: GREEDY.map((key) => ({ key, quantity: 10 })),
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale,
      }),
    });
    expect(greedy.status()).toBe(409);
    const refusal = (await greedy.json()) as {
      error: string;
      holdLimits: { limit: string; key?: string; title?: string; max: number }[];
    };
    expect(refusal.error).toBe('hold-limit');
    expect(refusal.holdLimits).toContainEqual(
      expect.objectContaining({ limit: 'total', max: 20, requested: 30, held: 0 }),
    );
    expect(refusal.holdLimits).toContainEqual(
      expect.objectContaining({ limit: 'perProduct', key: PRODUCT, title: t.title, max: 5 }),
    );

    // The cart: the sixth unit cannot be added (the page's button stops, the limit beside it),
    // and the line and the list say why.
    await page.goto(`/${locale}/chocolates/${PRODUCT}`);
    const add = page.getByRole('button', { name: t.add });
    for (let i = 0; i < 5; i += 1) await add.click();
    await expect(shop.footer.badge).toHaveText('5');
    await expect(add).toBeDisabled();
    await expect(page.getByTestId('add-limit')).toHaveText(t.perProduct);
    await expect(shop.footer.badge).toHaveText('5');
    await shop.openCart();
    await expect(shop.cart.dialog.getByTestId('cart-line-stock')).toHaveText(t.perProduct);
    await expect(shop.cart.dialog.getByRole('button', { name: t.increase })).toBeDisabled();
    await expect(shop.cart.dialog.getByTestId('cart-hold-limits')).toHaveText(t.policy);

    // An open order of 3 (placed as the form would), then 3 more through the form: refused by
    // the server, which counts the open order, with the limit named.
    const open = await page.request.post('/api/orders', {
      headers: { origin: baseURL! },
      data: await withOpenDay(page.request, baseURL!, {
        orderId: `OPEN${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`,
        lines: [{ key: PRODUCT, quantity: 3 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale,
      }),
    });
    expect(open.status()).toBe(200);
    await shop.cart.dialog.getByRole('button', { name: t.decrease }).click();
    await shop.cart.dialog.getByRole('button', { name: t.decrease }).click();
    await expect(shop.footer.badge).toHaveText('3');
    await shop.cart.checkoutButton.click();
    const checkout = new CheckoutPage(page, locale);
    await checkout.expectOnPage();
    await checkout.choosePickup();
    const answer = page.waitForResponse('**/api/orders');
    await checkout.confirmButton.click();
    expect((await answer).status()).toBe(409);
    await expect(checkout.errors).toHaveText(t.refusal);
    await expect(page).toHaveURL(new RegExp(`/${locale}/checkout$`));
  });
}

test('the panel shows until when an open order holds its stock, in both languages', async ({
  page,
  context,
  baseURL,
}) => {
  const orderId = uniqueOrderId('HOLD');
  await createOrder(orderId, `hold-${Date.now()}`, {
    expiresAt: Timestamp.fromMillis(Date.now() + 24 * 3_600_000),
  });
  const admin = await sessionContext(baseURL!, ADMIN);
  await context.addCookies((await admin.storageState()).cookies);
  await admin.dispose();
  for (const [locale, text] of [
    ['pt-BR', /^Reserva o estoque até .+, se não for pago ou confirmado antes$/],
    ['en', /^Holds its stock until .+ unless paid or confirmed first$/],
  ] as const) {
    await page.goto(`/${locale}/control-panel/orders?q=${orderId}`);
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await expect(card.getByTestId('admin-order-hold')).toHaveText(text);
  }
});
