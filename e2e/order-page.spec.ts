// Orders the shopper can follow and a checkout that keeps up with the stock, in both languages, on
// a shop of this spec's own (e2e/fixtures/private-shop.ts): its stock and outbox are asserted
// exactly.
// - The order page, from 'Meus pedidos' and from every order e-mail: line totals, address,
//   payment state and the statuses with their times; the admin cancels from 'Aguardando
//   Retirada' / 'Aguardando Entrega', the units return, each status change e-mails the shopper.
// - The shopper cancels an open order from its page as from 'Meus pedidos': the units return, the
//   page shows the cancelled state and its history line, the shop gets an e-mail; the heading is
//   'Pedido recebido!' only until something happens to the order, then names it and its status.
// - Adding stops at the stock: the product page's button is disabled at N in the list with
//   'Você já tem as N unidades na sua lista' beside it, and the badge stays at N.
// - A list of only unavailable lines names them at checkout and offers to remove them.
// - A reload during checkout keeps the typed fields, the choice and the reference; the CPF is
//   never in localStorage.
import type { BrowserContext, Page } from '@playwright/test';

import {
  outboxFiles,
  SHOP_PATH,
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { FooterBar } from './fixtures/shop';
import { SPEC_PRODUCTS } from './fixtures/spec-catalogue';
import { skipIntro } from './fixtures/intro';
import { expect, test } from './fixtures/test';
import { withOpenDay } from './fixtures/order-request';

type Locale = 'pt-BR' | 'en';

const titleOf = (key: string, locale: Locale) => {
  const product = SPEC_PRODUCTS.find((candidate) => candidate.key === key)!;
  return locale === 'en' ? product.enTitle : product.ptTitle;
};

const TEXTS = {
  'pt-BR': {
    view: (id: string) => `Ver pedido ${id}`,
    units: (n: number) => `${n} unidades de`,
    manual: 'A combinar com a loja',
    notPaidCancelled: 'Não pago: o pedido foi cancelado',
    history: 'Histórico do pedido',
    statuses: {
      awaitingApproval: 'Aguardando Aprovação',
      waitingPayment: 'Aguardando Pagamento',
      confirmed: 'Confirmado',
      inProduction: 'Em Produção',
      waitingForRetrieval: 'Aguardando Retirada',
      waitingForDelivery: 'Aguardando Entrega',
      cancelled: 'Cancelado',
    },
    add: (title: string) => `Adicionar à lista: ${title}`,
    added: (title: string) => `${title} está na sua lista de compras.`,
    received: 'Pedido recebido!',
    stateTitle: (id: string, status: string) => `Pedido ${id}: ${status}`,
    cancel: (id: string) => `Cancelar pedido ${id}`,
    question: (id: string) =>
      `Cancelar o pedido ${id}? Os itens voltam ao estoque e isso não pode ser desfeito.`,
    yes: 'Sim, cancelar',
    pay: /^Pagar o pedido /,
    allInList: (n: number) => `Você já tem as ${n} unidades na sua lista`,
    unavailableTitle: '2 itens da sua lista não podem ser pedidos agora:',
    soldOut: (title: string) => `${title} esgotou e fica fora do pedido.`,
    withdrawn: (title: string) => `${title} não está à venda no momento e fica fora do pedido.`,
    remove: (title: string) => `Remover ${title} da lista`,
    noOrder: /Nenhum pedido em andamento/,
    street: 'Rua',
    cpf: 'CPF (opcional)',
    pickup: /^Retirada/,
    delivery: /^Entrega/,
  },
  en: {
    view: (id: string) => `View order ${id}`,
    units: (n: number) => `${n} units at`,
    manual: 'To be arranged with the shop',
    notPaidCancelled: 'Not paid: the order was cancelled',
    history: 'Order history',
    statuses: {
      awaitingApproval: 'Awaiting approval',
      waitingPayment: 'Awaiting payment',
      confirmed: 'Confirmed',
      inProduction: 'In production',
      waitingForRetrieval: 'Ready for pick-up',
      waitingForDelivery: 'Out for delivery',
      cancelled: 'Cancelled',
    },
    add: (title: string) => `Add to list: ${title}`,
    added: (title: string) => `${title} is in your shopping list.`,
    received: 'Order received!',
    stateTitle: (id: string, status: string) => `Order ${id}: ${status}`,
    cancel: (id: string) => `Cancel order ${id}`,
    question: (id: string) =>
      `Cancel order ${id}? Its items go back to stock and this cannot be undone.`,
    yes: 'Yes, cancel',
    pay: /^Pay for order /,
    allInList: (n: number) => `You already have all ${n} left in your list`,
    unavailableTitle: '2 items in your list cannot be ordered right now:',
    soldOut: (title: string) => `${title} is sold out and is left out of the order.`,
    withdrawn: (title: string) =>
      `${title} is not for sale at the moment and is left out of the order.`,
    remove: (title: string) => `Remove ${title} from the list`,
    noOrder: /There is no order in progress/,
    street: 'Street',
    cpf: 'CPF (optional)',
    pickup: /^Pick-up/,
    delivery: /^Delivery/,
  },
} as const;

// The panel is in Portuguese only.
const PANEL_LABELS = {
  waitingPayment: 'Aguardando Pagamento',
  confirmed: 'Confirmado',
  inProduction: 'Em Produção',
  waitingForRetrieval: 'Aguardando Retirada',
  waitingForDelivery: 'Aguardando Entrega',
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

const inventory = (key: string) => shop.db().doc(`${SHOP_PATH}/inventory/${key}`);
const stock = async (key: string) => (await inventory(key).get()).get('stock') as number;

/** Puts these lines in the browser's saved cart (the page must be on the shop's origin). */
async function saveCart(page: Page, lines: { id: string; quantity: number }[]) {
  await page.evaluate((cartItems) => {
    localStorage.setItem(
      'chocolates-tropicais-cart',
      JSON.stringify({
        state: {
          cartItems: cartItems.map((line) => ({
            ...line,
            variant: { key: 'default', name: 'default' },
          })),
        },
        version: 1,
      }),
    );
  }, lines);
}

const EGG = 'ovo-tropical-amazonas';
const BAR = 'barra-tropical-amazonas';

for (const locale of ['pt-BR', 'en'] as const) {
  const pickup = locale === 'en';
  const last = pickup ? 'waitingForRetrieval' : 'waitingForDelivery';

  test(`the order page (${locale}): line totals, ${pickup ? 'pick-up place' : 'address'}, payment state and the history; the admin cancels from '${PANEL_LABELS[last]}', the units return, every change e-mails a link to the page`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = TEXTS[locale];
    await skipIntro(page);
    await signedInShopper(shop, page);
    await inventory(EGG).set({ stock: 10, showInStore: true }, { merge: true });
    await inventory(BAR).set({ stock: 10, showInStore: true }, { merge: true });
    const orderId = `PAGE${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
    const placed = await page.request.post(`${shop.url}/api/orders`, {
      headers: { origin: shop.url },
      data: await withOpenDay(page.request, shop.url, {
        orderId,
        lines: [
          { key: EGG, quantity: 3 },
          { key: BAR, quantity: 2 },
        ],
        shippingOption: pickup ? 'Retirada' : 'Entrega',
        ...(pickup
          ? {}
          : {
              address: {
                street: 'Rua das Flores',
                number: '12',
                extra: 'Casa 2',
                neighborhood: 'Boa Viagem',
                city: 'Recife',
                state: 'PE',
                postalCode: '50000-000',
              },
            }),
        telephone: '(11) 91234-5678',
        locale,
      }),
    });
    expect(placed.status()).toBe(200);
    expect(await stock(EGG)).toBe(7);

    await test.step('the admin moves it along, then cancels it', async () => {
      await admin.page.goto(`${shop.url}/pt-BR/control-panel/orders?q=${orderId}`);
      const card = admin.page.locator(`[data-order-id="${orderId}"]`);
      for (const key of ['waitingPayment', 'confirmed', 'inProduction', last] as const) {
        const label = PANEL_LABELS[key];
        await card.getByRole('button', { name: `Mover para ${label}`, exact: true }).click();
        await expect(card.getByTestId('admin-order-status')).toHaveText(label);
      }
      await card.getByRole('button', { name: 'Cancelar pedido' }).click();
      await card.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      await expect(card.getByTestId('admin-order-status')).toHaveText('Cancelado');
      // Made and waiting for the shopper: its units can be sold again.
      expect(await stock(EGG)).toBe(10);
      expect(await stock(BAR)).toBe(10);
    });

    await test.step("the shopper opens it from 'Meus pedidos'", async () => {
      await page.goto(`${shop.url}/${locale}/usuario`);
      await page
        .getByRole('main')
        .getByRole('link', { name: t.view(orderId) })
        .click();
      await expect(page).toHaveURL(`${shop.url}/${locale}/checkout/${orderId}`);
      await expect(page.getByTestId('order-number')).toHaveText(orderId);
      // No longer just received: the heading names the order and where it is now.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.stateTitle(orderId, t.statuses.cancelled),
      );
    });

    await test.step('lines with their totals, receiving, payment state', async () => {
      const lines = page.getByTestId('order-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText(titleOf(EGG, locale));
      await expect(lines.nth(0)).toContainText(`${t.units(3)} R$ 90,00`);
      await expect(lines.nth(0)).toContainText(/R\$\s270,00$/);
      await expect(lines.nth(1)).toContainText(/R\$\s80,00$/);
      await expect(page.getByTestId('order-place')).toHaveText(
        pickup ? /Rua/ : 'Rua das Flores, 12, Casa 2, Boa Viagem - Recife/PE, 50000-000',
      );
      // Cancelled before any payment: it says so, not 'A combinar com a loja'.
      await expect(page.getByTestId('order-payment-state')).toHaveText(t.notPaidCancelled);
      await expect(page.getByTestId('order-status')).toHaveText(t.statuses.cancelled);
    });

    await test.step('the statuses it went through, each with its time', async () => {
      await expect(page.getByRole('heading', { level: 2, name: t.history })).toBeVisible();
      const entries = page.getByTestId('order-history').getByRole('listitem');
      const expected = [
        'awaitingApproval',
        'waitingPayment',
        'confirmed',
        'inProduction',
        last,
        'cancelled',
      ] as const;
      await expect(entries).toHaveCount(expected.length);
      for (const [index, key] of expected.entries()) {
        await expect(entries.nth(index)).toContainText(t.statuses[key]);
        // A real time, in the shop's time zone, never 'not recorded'.
        const time = entries.nth(index).locator('time');
        await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
        await expect(time).toContainText(/\d{1,2}:\d\d/);
      }
    });

    await test.step("an admin sees the shopper's order page too; an unknown order is a 404", async () => {
      await admin.page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
      await expect(admin.page.getByTestId('order-number')).toHaveText(orderId);
      const missing = await page.goto(`${shop.url}/${locale}/checkout/NOSUCHORDER0`);
      expect(missing?.status()).toBe(404);
    });

    await test.step('every status change left the shopper an e-mail linking to this page', async () => {
      const kinds = [
        'order-placed',
        'new-order',
        'status-waitingPayment',
        'status-confirmed',
        'status-inProduction',
        `status-${last}`,
        'status-cancelled',
      ];
      await expect
        .poll(() => outboxFiles(shop, orderId).length, { timeout: 10_000 })
        .toBe(kinds.length);
      const mails = outboxFiles(shop, orderId);
      expect(mails.map(({ kind }) => kind).sort()).toEqual([...kinds].sort());
      for (const mail of mails.filter(({ kind }) => kind !== 'new-order')) {
        expect(mail.text, mail.kind).toContain(`/${locale}/checkout/${orderId}`);
      }
    });
  });

  test(`the shopper cancels from the order page (${locale}): 'Pedido recebido!' until then, the cancelled state and its history line after, the units back, the shop e-mailed`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[locale];
    const key = 'barra-tropical-sampa';
    await inventory(key).set({ stock: 10, showInStore: true }, { merge: true });
    await skipIntro(page);
    await signedInShopper(shop, page);
    const orderId = `SELF${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
    const placed = await page.request.post(`${shop.url}/api/orders`, {
      headers: { origin: shop.url },
      data: await withOpenDay(page.request, shop.url, {
        orderId,
        lines: [{ key, quantity: 2 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale,
      }),
    });
    expect(placed.status()).toBe(200);
    expect(await stock(key)).toBe(8);

    await test.step("an admin sees it, without the shopper's cancel", async () => {
      await admin.page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
      await expect(admin.page.getByTestId('order-number')).toHaveText(orderId);
      await expect(admin.page.getByRole('button', { name: t.cancel(orderId) })).toHaveCount(0);
    });

    await test.step("just placed, the page says it was received; without Mercado Pago 'Meus pedidos' offers no online payment", async () => {
      await page.goto(`${shop.url}/${locale}/usuario`);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: t.view(orderId) })).toBeVisible();
      await expect(main.getByRole('link', { name: t.pay })).toHaveCount(0);
      await main.getByRole('link', { name: t.view(orderId) }).click();
      await expect(page).toHaveURL(`${shop.url}/${locale}/checkout/${orderId}`);
      // Tapped before the account's code came, the link loads the page anew: a tap there before
      // the page's own script runs reaches no handler, as for a person (lib/boot-script.ts).
      await page.waitForFunction(() => (self as { shopReady?: number }).shopReady === 1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.received);
      await expect(page.getByTestId('order-status')).toHaveText(t.statuses.awaitingApproval);
    });

    await test.step('the shopper cancels it there, after the same confirm step', async () => {
      const main = page.getByRole('main');
      await main.getByRole('button', { name: t.cancel(orderId) }).click();
      await expect(main.getByText(t.question(orderId))).toBeVisible();
      const answer = page.waitForResponse(`${shop.url}/api/orders/cancel`);
      await main.getByRole('button', { name: t.yes }).click();
      expect((await answer).status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.stateTitle(orderId, t.statuses.cancelled),
      );
      await expect(page.getByTestId('order-status')).toHaveText(t.statuses.cancelled);
      await expect(page.getByTestId('order-payment-state')).toHaveText(t.notPaidCancelled);
      const entries = page.getByTestId('order-history').getByRole('listitem');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(1)).toContainText(t.statuses.cancelled);
      await expect(entries.nth(1).locator('time')).toContainText(/\d{1,2}:\d\d/);
      await expect(main.getByRole('button', { name: t.cancel(orderId) })).toHaveCount(0);
    });

    await test.step('the units are back at once, and the shop got an e-mail', async () => {
      expect(await stock(key)).toBe(10);
      await expect
        .poll(() => outboxFiles(shop, orderId).map(({ kind }) => kind), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['shopper-cancelled', 'status-cancelled']));
    });
  });

  test(`adding stops at the stock (${locale}): with 4 left, once 4 are in the list the page's button is disabled with '${TEXTS[locale].allInList(4)}' beside it and the badge stays at 4`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const key = locale === 'en' ? 'ovo-tropical-minas' : 'ovo-tropical-rio';
    const title = titleOf(key, locale);
    // Below the 5 an account may hold of a product (lib/orders/limits.ts), so the stock decides.
    await inventory(key).set({ stock: 4, showInStore: true }, { merge: true });
    await skipIntro(page);
    const live = page.waitForResponse((response) => response.url().includes('/api/catalogue/live'));
    await page.goto(`${shop.url}/${locale}/chocolates/${key}`);
    await live;
    const footer = new FooterBar(page, locale);
    const add = page.getByRole('button', { name: t.add(title) });
    for (let i = 1; i <= 4; i += 1) {
      await add.click();
      await expect(footer.badge).toHaveText(String(i));
    }
    await expect(page.getByRole('status').filter({ hasText: t.added(title) })).toBeVisible();
    // The 5th is refused on the spot: the button stops, and says why beside it.
    await expect(add).toBeDisabled();
    await expect(page.getByTestId('add-limit')).toHaveText(t.allInList(4));
    await expect(add).toHaveAccessibleDescription(t.allInList(4));
    await expect(footer.badge).toHaveText('4');
  });

  test(`a list of only unavailable lines (${locale}): the checkout names each and offers to remove it; the badge counts none`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const soldOut = 'ovo-tropical-parana';
    const hidden = 'barra-tropical-bahia';
    await inventory(soldOut).set({ stock: 10, showInStore: true }, { merge: true });
    await inventory(hidden).set({ stock: 10, showInStore: true }, { merge: true });
    await skipIntro(page);
    await signedInShopper(shop, page);
    await page.goto(`${shop.url}/${locale}`);
    await saveCart(page, [
      { id: soldOut, quantity: 1 },
      { id: hidden, quantity: 2 },
    ]);
    await inventory(soldOut).set({ stock: 0 }, { merge: true });
    await inventory(hidden).set({ showInStore: false }, { merge: true });

    await page.goto(`${shop.url}/${locale}/checkout`);
    const notice = page.getByTestId('checkout-unavailable');
    await expect(notice).toContainText(t.unavailableTitle);
    await expect(page.getByTestId(`checkout-unavailable-${soldOut}`)).toContainText(
      t.soldOut(titleOf(soldOut, locale)),
    );
    await expect(page.getByTestId(`checkout-unavailable-${hidden}`)).toContainText(
      t.withdrawn(titleOf(hidden, locale)),
    );
    await expect(page.getByText(t.noOrder)).toHaveCount(0);
    await expect(new FooterBar(page, locale).badge).toBeHidden();

    await notice.getByRole('button', { name: t.remove(titleOf(soldOut, locale)) }).click();
    await expect(page.getByTestId(`checkout-unavailable-${soldOut}`)).toHaveCount(0);
    await notice.getByRole('button', { name: t.remove(titleOf(hidden, locale)) }).click();
    // Now the list is empty for real.
    await expect(page.getByText(t.noOrder)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('chocolates-tropicais-cart'))).toContain(
      '"cartItems":[]',
    );
    await inventory(hidden).set({ showInStore: true }, { merge: true });
  });

  test(`a reload during checkout (${locale}) keeps the typed fields, the receiving choice and the order reference; the CPF is in no storage and is typed again`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    await inventory(EGG).set({ stock: 10, showInStore: true }, { merge: true });
    await skipIntro(page);
    await signedInShopper(shop, page);
    await page.goto(`${shop.url}/${locale}`);
    await saveCart(page, [{ id: EGG, quantity: 1 }]);
    await page.goto(`${shop.url}/${locale}/checkout`);
    const main = page.getByRole('main');
    const reference = page.getByTestId('order-reference');
    await expect(reference).toHaveText(/^[0-9A-F]{12}$/);
    const before = await reference.textContent();
    await main.getByRole('textbox', { name: t.street, exact: true }).fill('Rua do Recarregar');
    await main.getByRole('textbox', { name: t.cpf, exact: true }).fill('529.982.247-25');
    await main.getByRole('radio', { name: t.pickup }).check();

    await page.reload();
    await expect(reference).toHaveText(before ?? '');
    await expect(main.getByRole('radio', { name: t.pickup })).toBeChecked();
    await expect(main.getByRole('textbox', { name: t.cpf, exact: true })).toHaveValue('');
    await main.getByRole('radio', { name: t.delivery }).check();
    await expect(main.getByRole('textbox', { name: t.street, exact: true })).toHaveValue(
      'Rua do Recarregar',
    );

    const stored = await page.evaluate(() => ({
      local: Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? ''),
      session: Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? ''),
    }));
    // The street came back from the draft: the draft was stored, without the CPF.
    expect(stored.session.some((value) => value.includes('Rua do Recarregar'))).toBe(true);
    for (const value of [...stored.local, ...stored.session]) {
      expect(value).not.toContain('529.982.247-25');
      expect(value).not.toContain('52998224725');
    }
  });
}

test('with the backend stopped the order page says it is temporarily unavailable, never "not found"', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await skipIntro(page);
  await signedInShopper(shop, page);
  const orderId = `DOWN${Date.now()}`;
  await inventory(EGG).set({ stock: 10, showInStore: true }, { merge: true });
  const placed = await page.request.post(`${shop.url}/api/orders`, {
    headers: { origin: shop.url },
    data: await withOpenDay(page.request, shop.url, {
      orderId,
      lines: [{ key: EGG, quantity: 1 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale: 'en',
    }),
  });
  expect(placed.status()).toBe(200);
  await shop.stopFirebase();
  try {
    await page.goto(`${shop.url}/en/checkout/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Temporarily unavailable');
  } finally {
    await shop.restartFirebase();
  }
  await page.goto(`${shop.url}/en/checkout/${orderId}`);
  await expect(page.getByTestId('order-number')).toHaveText(orderId);
});
