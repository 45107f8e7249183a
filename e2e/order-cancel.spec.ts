// Orders the shopper and the admin can finish: with three open orders the shopper cancels one from
// /usuario, its unit goes back on the shelf and a fourth order goes through; the admin's live badge
// tells of the cancellation, and the shop gets an e-mail. The admin cancels a no-show from
// 'Aguardando Retirada' and the unit returns; every status change leaves the shopper one e-mail. On
// a shop of this spec's own (e2e/fixtures/private-shop.ts): its stock and outbox are asserted
// exactly.
import fs from 'node:fs';
import path from 'node:path';

import type { BrowserContext, Page } from '@playwright/test';

import { skipIntro } from './fixtures/intro';
import {
  openCheckout,
  SHOP_PATH,
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { expect, test } from './fixtures/test';
import { withOpenDay } from './fixtures/order-request';

const PRODUCT = 'barra-tropical-sampa';

const TEXTS = {
  'pt-BR': {
    cancel: (id: string) => `Cancelar pedido ${id}`,
    question: (id: string) =>
      `Cancelar o pedido ${id}? Os itens voltam ao estoque e isso não pode ser desfeito.`,
    yes: 'Sim, cancelar',
    order: (id: string) => new RegExp(`^Pedido ${id}\\b`),
    cancelled: 'Cancelado',
    confirm: 'Confirmar pedido',
  },
  en: {
    cancel: (id: string) => `Cancel order ${id}`,
    question: (id: string) =>
      `Cancel order ${id}? Its items go back to stock and this cannot be undone.`,
    yes: 'Yes, cancel',
    order: (id: string) => new RegExp(`^Order ${id}\\b`),
    cancelled: 'Cancelled',
    confirm: 'Confirm order',
  },
} as const;

let shop: PrivateShop;
let admin: { context: BrowserContext; page: Page };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  shop = await startPrivateShop();
  admin = await signedInAdmin(shop, browser);
});

test.afterAll(async () => {
  await admin?.context.close();
  await shop?.close();
});

const stock = async () =>
  (await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).get()).get('stock') as number;

/** The local outbox's files about `orderId` (named `<time>-<kind>-<orderId>-<random>.eml`). */
const mailKinds = (orderId: string) => {
  const directory = path.join(shop.stack().dataDir, 'outbox');
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((file) => file.endsWith('.eml') && file.includes(`-${orderId}-`))
    .sort()
    .map((file) => file.slice(25, file.indexOf(`-${orderId}-`)));
};

async function placeOrder(page: Page, orderId: string, locale: string) {
  return page.request.post(`${shop.url}/api/orders`, {
    headers: { origin: shop.url },
    data: await withOpenDay(page.request, shop.url, {
      orderId,
      lines: [{ key: PRODUCT, quantity: 1 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale,
    }),
  });
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`with three open orders the shopper cancels one from /usuario (${locale}): the unit returns, a fourth order goes through, the admin is told`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = TEXTS[locale];
    await skipIntro(page);
    await signedInShopper(shop, page);
    // Four units: three held by the open orders below, one left that the account may not take.
    await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).set({ stock: 4 }, { merge: true });
    const prefix = `CANCEL${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
    const ids = [1, 2, 3].map((n) => `${prefix}${n}`);
    for (const id of ids) expect((await placeOrder(page, id, locale)).status(), id).toBe(200);
    expect(await stock()).toBe(1);
    const refused = await placeOrder(page, `${prefix}X`, locale);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe('too-many-open');

    await test.step('the admin has the orders page open', async () => {
      await admin.page.goto(`${shop.url}/pt-BR/control-panel/orders`);
      await expect(admin.page.getByRole('heading', { level: 2, name: 'Pedidos' })).toBeVisible();
    });

    const target = ids[1]!;
    await test.step('the shopper cancels one, after a confirm step', async () => {
      await page.goto(`${shop.url}/${locale}/usuario`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: t.cancel(target) }).click();
      await expect(main.getByText(t.question(target))).toBeVisible();
      const answer = page.waitForResponse(`${shop.url}/api/orders/cancel`);
      await main.getByRole('button', { name: t.yes }).click();
      expect((await answer).status()).toBe(200);
      await expect(main.getByRole('button', { name: t.order(target) })).toContainText(t.cancelled);
      // Only open orders offer it: the other two still do, the cancelled one no more.
      await expect(main.getByRole('button', { name: t.cancel(target) })).toHaveCount(0);
      await expect(
        main.getByRole('button', { name: /^(Cancelar pedido|Cancel order) / }),
      ).toHaveCount(2);
    });

    await test.step('the unit is back at once, and the shop got an e-mail', async () => {
      expect(await stock()).toBe(2);
      const order = (await shop.db().doc(`${SHOP_PATH}/orders/${target}`).get()).data();
      expect(order).toMatchObject({ statusKey: 'cancelled', stockReturned: true });
      await expect
        .poll(() => mailKinds(target), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['shopper-cancelled', 'status-cancelled']));
    });

    await test.step('a fourth order goes through the checkout form', async () => {
      const reference = await openCheckout(shop, page, PRODUCT, {
        locale,
        pickup: locale === 'en' ? /^Pick-up/ : /^Retirada/,
      });
      const answer = page.waitForResponse(`${shop.url}/api/orders`);
      await page.getByRole('button', { name: t.confirm }).click();
      expect((await answer).status()).toBe(200);
      expect((await shop.db().doc(`${SHOP_PATH}/orders/${reference}`).get()).exists).toBe(true);
      expect(await stock()).toBe(1);
    });

    await test.step("the admin's live badge tells of the change, and the list shows it", async () => {
      const live = admin.page.getByTestId('live-orders');
      // The fourth order is new; the cancellation is a change.
      await expect(live.getByRole('status')).toContainText(/\d+ pedidos? alterados?/, {
        timeout: 20_000,
      });
      await live.getByRole('button', { name: 'Atualizar a lista' }).click();
      await expect(
        admin.page.locator(`[data-order-id="${target}"]`).getByTestId('admin-order-status'),
      ).toHaveText('Cancelado');
    });
  });
}

test("the admin cancels a no-show from 'Aguardando Retirada': the unit returns; every status change e-mails the shopper once", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await skipIntro(page);
  await signedInShopper(shop, page);
  await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).set({ stock: 1 }, { merge: true });
  const orderId = `NOSHOW${Date.now()}`;
  expect((await placeOrder(page, orderId, 'pt-BR')).status()).toBe(200);
  expect(await stock()).toBe(0);

  await admin.page.goto(`${shop.url}/pt-BR/control-panel/orders?q=${orderId}`);
  const card = admin.page.locator(`[data-order-id="${orderId}"]`);
  for (const label of [
    'Aguardando Pagamento',
    'Confirmado',
    'Em Produção',
    'Aguardando Retirada',
  ]) {
    await card.getByRole('button', { name: `Mover para ${label}`, exact: true }).click();
    await expect(card.getByTestId('admin-order-status')).toHaveText(label);
  }
  await card.getByRole('button', { name: 'Cancelar pedido' }).click();
  await card.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(card.getByTestId('admin-order-status')).toHaveText('Cancelado');
  await expect(card.getByRole('status')).toHaveText(
    `Pedido ${orderId} cancelado. Os itens voltaram ao estoque.`,
  );
  expect(await stock()).toBe(1);

  // The confirmation and the shop's notice, then one notice per change the shopper can see.
  await expect.poll(() => mailKinds(orderId).length, { timeout: 10_000 }).toBe(7);
  expect(mailKinds(orderId).sort()).toEqual(
    [
      'order-placed',
      'new-order',
      'status-waitingPayment',
      'status-confirmed',
      'status-inProduction',
      'status-waitingForRetrieval',
      'status-cancelled',
    ].sort(),
  );
});
