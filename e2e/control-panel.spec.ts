import type { APIRequestContext, Page } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './fixtures/test';
import {
  ACCOUNT_TEXTS,
  ADMIN,
  AccountScreen,
  footerAdminItems,
  SHOPPER,
  UserTab,
} from './fixtures/account';
import {
  createOrder,
  inventoryData,
  NO_STATUS,
  orderData,
  serverActionIds,
  sessionContext,
  setUserField,
  uniqueOrderId,
} from './fixtures/control-panel';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import {
  SHOP_PATH,
  signedInAdmin,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { MenuPanel } from './fixtures/shop';

// Nobody signs the seeded accounts out here: signing out revokes every session of that account,
// which would end the sessions of tests running in parallel.

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

const STATUS_PT = {
  awaitingApproval: 'Aguardando Aprovação',
  confirmed: 'Confirmado',
  inProduction: 'Em Produção',
  waitingForRetrieval: 'Aguardando Retirada',
  waitingForDelivery: 'Aguardando Entrega',
  delivered: 'Entregue',
} as const;

async function signInFromUserTab(page: Page, account: { email: string; password: string }) {
  const tab = new UserTab(page, 'pt-BR');
  await tab.open();
  await tab.signIn(account.email, account.password);
  await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
  return tab;
}

test.describe('the admin journey', () => {
  test("moves a pick-up order to 'Entregue'; the shopper sees each status after a refresh", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const shopper = { email: uniqueEmail('painel'), password: 'painel-chocolate-1' };
    const uid = await createUserWithRecord(shopper.email, shopper.password, {
      isAdmin: false,
      telephone: '+55 11 91234-5678',
    });
    const orderId = uniqueOrderId('PAINEL');
    await createOrder(orderId, uid, {
      customer: { name: 'Cliente do Painel', email: shopper.email },
      telephone: '+55 11 91234-5678',
    });

    // The shopper, in a browser of their own, watching /usuario.
    const shopperContext = await browser.newContext({ baseURL });
    await skipIntro(shopperContext);
    const shopperPage = await shopperContext.newPage();
    const account = new AccountScreen(shopperPage, 'pt-BR', shopperPage.getByRole('main'));
    await shopperPage.goto('/pt-BR/usuario');
    await account.signIn(shopper.email, shopper.password);
    const shopperOrder = account.orderButton(orderId);
    await expect(shopperOrder).toContainText(STATUS_PT.awaitingApproval, { timeout: 15_000 });

    await test.step('the admin signs in through the user tab and opens the panel', async () => {
      await page.goto('/pt-BR');
      const tab = await signInFromUserTab(page, ADMIN);
      await expect(footerAdminItems(page, 'pt-BR').controlPanel).toBeVisible();
      await tab.controlPanelLink.click();
      await expect(page).toHaveURL(/\/pt-BR\/control-panel$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Painel de Controle' }),
      ).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      // The panel opens on its overview; the orders are a section of their own.
      await expect(page.getByRole('heading', { level: 2, name: 'Resumo' })).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Pedidos', exact: true })
        .click();
      await expect(page).toHaveURL(/\/pt-BR\/control-panel\/orders$/);
    });

    const card = page.locator(`[data-order-id="${orderId}"]`);
    await test.step('finds the order by its number', async () => {
      await page.getByLabel('Buscar', { exact: true }).fill(orderId);
      await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${orderId}`));
      await expect(page.getByTestId('admin-order')).toHaveCount(1);
      await expect(card.getByTestId('admin-order-status')).toHaveText(STATUS_PT.awaitingApproval);
      await expect(card.getByText('Cliente do Painel').first()).toBeVisible();
      await expect(card.getByText(shopper.email)).toBeVisible();
      await expect(card.getByText('R$ 40,00').first()).toBeVisible();
      const whatsapp = card.getByRole('link', { name: /no WhatsApp sobre o pedido/ });
      await expect(whatsapp).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/5511912345678\\?text=.*${orderId}`),
      );
    });

    const steps = [
      ['confirmed', STATUS_PT.confirmed],
      ['inProduction', STATUS_PT.inProduction],
      ['waitingForRetrieval', STATUS_PT.waitingForRetrieval],
      ['delivered', STATUS_PT.delivered],
    ] as const;
    for (const [key, label] of steps) {
      await test.step(`moves it to '${label}'`, async () => {
        if (key === 'waitingForRetrieval') {
          // A pick-up order is never offered 'Aguardando Entrega'.
          await expect(
            card.getByRole('button', { name: `Mover para ${STATUS_PT.waitingForDelivery}` }),
          ).toHaveCount(0);
        }
        await card.getByRole('button', { name: `Mover para ${label}`, exact: true }).click();
        await expect(card.getByTestId('admin-order-status')).toHaveText(label);
        await expect(card.getByRole('status')).toContainText(`para “${label}”`);
        expect((await orderData(orderId))?.status).toEqual({ ...NO_STATUS, [key]: true });

        await shopperPage.reload();
        await expect(shopperOrder).toContainText(label, { timeout: 15_000 });
      });
    }
    await expect(card.getByText('Situação final: não há próximas etapas.')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    const audit = (await orderData(orderId))?.audit as { from: string; to: string }[];
    expect(audit.map((entry) => `${entry.from}>${entry.to}`)).toEqual([
      'awaitingApproval>confirmed',
      'confirmed>inProduction',
      'inProduction>waitingForRetrieval',
      'waitingForRetrieval>delivered',
    ]);
    await shopperContext.close();
  });

  test('cancelling asks twice and returns the items to stock', async ({ page }) => {
    const orderId = uniqueOrderId('CANCEL');
    const uid = await createUserWithRecord(uniqueEmail('cancela'), 'cancela-123', {});
    await createOrder(orderId, uid, {
      orderItems: [
        {
          key: 'ovo-tropical-amazonas',
          translatedTitle: 'Ovo Tropical Amazonas',
          quantity: 2,
          value: 90,
        },
      ],
      total: 180,
    });
    const before = (await inventoryData('ovo-tropical-amazonas'))?.stock as number;

    await page.goto('/pt-BR');
    await signInFromUserTab(page, ADMIN);
    await page.goto(`/pt-BR/control-panel/orders?q=${orderId}`);
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await card.getByRole('button', { name: 'Cancelar pedido' }).click();
    await expect(
      card.getByText(`Cancelar o pedido ${orderId}? Não dá para desfazer.`),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(card.getByTestId('admin-order-status')).toHaveText('Cancelado');
    await expect(card.getByRole('status')).toHaveText(
      `Pedido ${orderId} cancelado. Os itens voltaram ao estoque.`,
    );
    expect((await inventoryData('ovo-tropical-amazonas'))?.stock).toBe(before + 2);
    expect((await orderData(orderId))?.stockReturned).toBe(true);
  });

  test('filters by status and receiving method through the address (en)', async ({ page }) => {
    await page.goto('/en');
    const tab = new UserTab(page, 'en');
    await tab.open();
    await tab.signIn(ADMIN.email, ADMIN.password);
    await expect(tab.controlPanelLink).toBeVisible({ timeout: 15_000 });
    await page.goto('/en/control-panel/orders?status=inProduction&shipping=Entrega');
    await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inProduction');
    await expect(page.getByLabel('Receiving', { exact: true })).toHaveValue('Entrega');
    const statuses = page.getByTestId('admin-order-status');
    await expect(statuses.first()).toHaveText('In production');
    for (const text of await statuses.allTextContents()) expect(text).toBe('In production');
    await expect(page.locator('[data-order-id="seed-order-3"]')).toBeVisible();
    await expect(page.locator('[data-order-id="seed-order-1"]')).toHaveCount(0);
  });

  test('pages with next and previous through a filtered list (pt-BR)', async ({
    page,
    context,
    baseURL,
  }) => {
    // 25 orders dated in the year 2000 (older than any other test's), listed from a cursor just
    // after them, so parallel tests' orders never shift these pages.
    const prefix = uniqueOrderId('PAGE');
    const start = Date.UTC(2000, 0, 1);
    const ids = Array.from(
      { length: 25 },
      (_, index) => `${prefix}X${String(index).padStart(2, '0')}`,
    );
    await Promise.all(
      ids.map((id, index) =>
        createOrder(id, 'e2e-paging', {
          orderDate: Timestamp.fromMillis(start + index * 60_000),
          status: { ...NO_STATUS, waitingForDelivery: true },
          statusKey: 'waitingForDelivery',
          shippingOption: 'Entrega',
        }),
      ),
    );
    const newestFirst = [...ids].reverse();
    // The admin's session from the API (as the browser's sign-in makes it): this test is about
    // the list, the sign-in journey has its own tests.
    const api = await sessionContext(baseURL!, ADMIN);
    await context.addCookies((await api.storageState()).cookies);
    await api.dispose();
    const after = `${Math.floor(Date.UTC(2000, 0, 2) / 1000)}.000000000_A`;
    await page.goto(
      `/pt-BR/control-panel/orders?status=waitingForDelivery&shipping=Entrega&after=${after}`,
    );
    const cards = page.getByTestId('admin-order');
    const shown = () =>
      cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')));
    await expect(cards).toHaveCount(20);
    await expect.poll(shown).toEqual(newestFirst.slice(0, 20));
    const pages = page.getByRole('navigation', { name: 'Páginas de pedidos' });
    await pages.getByRole('link', { name: 'Próxima página' }).click();
    await expect(cards).toHaveCount(5);
    await expect.poll(shown).toEqual(newestFirst.slice(20));
    // The last page: nothing older.
    await expect(pages.getByRole('link', { name: 'Próxima página' })).toHaveCount(0);
    await pages.getByRole('link', { name: 'Página anterior' }).click();
    await expect(cards).toHaveCount(20);
    await expect.poll(shown).toEqual(newestFirst.slice(0, 20));
    await expect(page).toHaveURL(/[?&]status=waitingForDelivery&shipping=Entrega&before=/);
  });
});

test.describe('who gets in', () => {
  test('a visitor is sent to the landing page with the user tab open', async ({ page }) => {
    await page.goto('/control-panel');
    // `next` (the page asked for) stays in the address for the sign-in to return to.
    await expect(page).toHaveURL(/\/en\?next=%2Fen%2Fcontrol-panel$/);
    await expect(page.getByRole('dialog', { name: ACCOUNT_TEXTS.en.userTab })).toBeVisible();
    await page.goto('/pt-BR/control-panel/stock');
    await expect(page).toHaveURL(/\/pt-BR\?next=%2Fpt-BR%2Fcontrol-panel%2Fstock$/);
    await expect(page.getByRole('dialog', { name: ACCOUNT_TEXTS['pt-BR'].userTab })).toBeVisible();
  });

  test("a signed-in shopper gets 'Acesso restrito' (403) and no panel", async ({ page }) => {
    await page.goto('/pt-BR');
    const tab = await signInFromUserTab(page, SHOPPER);
    await expect(tab.controlPanelLink).toHaveCount(0);
    await expect(footerAdminItems(page, 'pt-BR').controlPanel).toHaveCount(0);
    const response = await page.goto('/pt-BR/control-panel');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    await expect(page.getByTestId('admin-order')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
  });
});

test.describe('authorization matrix (HTTP)', () => {
  const PAGES = [
    '/control-panel',
    '/pt-BR/control-panel',
    '/en/control-panel',
    '/control-panel/stock',
    '/pt-BR/control-panel/stock',
    '/en/control-panel/stock',
    '/pt-BR/control-panel?status=confirmed&q=seed',
  ];
  // CVE-2025-29927: this header once made Next skip middleware. The guard is on the server anyway.
  const HEADER_VARIANTS: Record<string, string>[] = [
    {},
    { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    { 'x-middleware-subrequest': 'src/middleware:src/middleware:src/middleware' },
    { rsc: '1' },
    { rsc: '1', 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
  ];

  let contexts: Record<'visitor' | 'shopperA' | 'shopperB' | 'admin', APIRequestContext>;

  test.beforeAll(async ({ baseURL }) => {
    const shopperB = { email: uniqueEmail('matriz'), password: 'matriz-chocolate-1' };
    await createUserWithRecord(shopperB.email, shopperB.password, { isAdmin: false });
    contexts = {
      visitor: await sessionContext(baseURL!, null),
      shopperA: await sessionContext(baseURL!, SHOPPER),
      shopperB: await sessionContext(baseURL!, shopperB),
      admin: await sessionContext(baseURL!, ADMIN),
    };
  });

  test.afterAll(async () => {
    for (const context of Object.values(contexts ?? {})) await context.dispose();
  });

  async function fetchPage(
    context: APIRequestContext,
    path: string,
    headers: Record<string, string>,
  ) {
    const response = await context.get(path, {
      headers: { 'accept-language': 'pt-BR', ...headers },
      maxRedirects: 0,
    });
    return {
      status: response.status(),
      location: response.headers().location,
      body: await response.text(),
    };
  }

  /** Follows the redirects that are not about signing in: the locale of a bare path, `?_rsc`. */
  async function fetchFollowing(
    context: APIRequestContext,
    path: string,
    headers: Record<string, string>,
  ) {
    let result = await fetchPage(context, path, headers);
    for (let hops = 0; hops < 3 && result.status === 307; hops += 1) {
      if (!result.location || /[?&]login=1(&|$)/.test(result.location)) break;
      expect(result.location).toMatch(/\/(pt-BR|en)\/control-panel/);
      result = await fetchPage(context, result.location, headers);
    }
    return result;
  }

  test('visitors are redirected to sign in, shoppers get 403, admins get the panel', async () => {
    test.setTimeout(120_000);
    for (const path of PAGES) {
      const locale = path.startsWith('/en') ? 'en' : 'pt-BR';
      for (const headers of HEADER_VARIANTS) {
        const label = `${path} ${JSON.stringify(headers)}`;
        const visitor = await fetchPage(contexts.visitor, path, headers);
        expect(visitor.status, `visitor ${label}`).toBe(307);
        expect(visitor.location, `visitor ${label}`).toMatch(
          new RegExp(`/${locale}\\?login=1&next=%2F${locale}%2Fcontrol-panel`),
        );

        for (const who of ['shopperA', 'shopperB'] as const) {
          const result = await fetchFollowing(contexts[who], path, headers);
          if (headers.rsc) {
            // A router (RSC) request always answers 200: the 403 travels inside the payload,
            // which carries the forbidden boundary and no panel data.
            expect(result.status, `${who} ${label}`).toBe(200);
            expect(result.body, `${who} ${label}`).toContain('NEXT_HTTP_ERROR_FALLBACK;403');
          } else {
            expect(result.status, `${who} ${label}`).toBe(403);
          }
          expect(result.body, `${who} ${label}`).not.toContain('seed-order');
          expect(result.body, `${who} ${label}`).not.toContain('admin-order');
          expect(result.body, `${who} ${label}`).not.toContain('stock-row-');
        }

        const admin = await fetchFollowing(contexts.admin, path, headers);
        expect(admin.status, `admin ${label}`).toBe(200);
        expect(admin.body, `admin ${label}`).not.toContain('NEXT_HTTP_ERROR_FALLBACK');
      }
    }
  });

  test('the 403 page is localized and the admin page lists orders', async () => {
    const pt = await fetchPage(contexts.shopperA, '/pt-BR/control-panel', {});
    expect(pt.body).toContain('Acesso restrito');
    const en = await fetchPage(contexts.shopperB, '/en/control-panel/stock', {});
    expect(en.body).toContain('Restricted access');
    // Found by its number: other specs' orders may fill the newest page first.
    const admin = await fetchPage(contexts.admin, '/pt-BR/control-panel/orders?q=seed-order-1', {});
    expect(admin.body).toContain('seed-order-1');
    const stock = await fetchPage(contexts.admin, '/pt-BR/control-panel/stock', {});
    expect(stock.body).toContain('stock-row-ovo-pistache');
  });

  test('Server Actions posted directly by non-admins change nothing', async ({ baseURL }) => {
    const ids = serverActionIds('lib/control-panel/actions.ts');
    expect(Object.keys(ids).sort()).toEqual(['changeOrderStatus', 'resendMail', 'updateInventory']);
    const orderId = uniqueOrderId('FORGED');
    await createOrder(orderId, 'someone');
    const orderBefore = await orderData(orderId);
    const stockBefore = await inventoryData('barra-tropical-amazonas');

    const calls = [
      [ids.changeOrderStatus!, { locale: 'pt-BR', orderId, to: 'cancelled' }],
      [
        ids.updateInventory!,
        {
          locale: 'pt-BR',
          lines: [
            {
              key: 'barra-tropical-amazonas',
              stock: 0,
              expectedStock: stockBefore?.stock ?? 10,
              availableForSale: false,
              showInStore: false,
              isPromoted: false,
            },
          ],
        },
      ],
      [ids.resendMail!, { locale: 'pt-BR', id: 'a'.repeat(20) }],
    ] as const;
    // The page each action belongs to (the one that renders its form).
    const home: Record<string, string> = {
      [ids.changeOrderStatus!]: '/pt-BR/control-panel/orders',
      [ids.updateInventory!]: '/pt-BR/control-panel/stock',
      [ids.resendMail!]: '/pt-BR/control-panel/outbox',
    };
    const FORGED_ACTION_HEADERS: Record<string, string>[] = [
      {},
      { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    ];
    for (const who of ['visitor', 'shopperA', 'shopperB'] as const) {
      for (const path of ['/pt-BR/control-panel', '/pt-BR/control-panel/stock', '/pt-BR/usuario']) {
        for (const [id, input] of calls) {
          for (const extra of FORGED_ACTION_HEADERS) {
            const response = await contexts[who].post(path, {
              headers: {
                'next-action': id,
                'content-type': 'text/plain;charset=UTF-8',
                accept: 'text/x-component',
                origin: baseURL!,
                ...extra,
              },
              data: JSON.stringify([null, input]),
              maxRedirects: 0,
            });
            const label = `${who} ${path} ${id} ${JSON.stringify(extra)}`;
            if (who === 'visitor' && path.includes('control-panel')) {
              // No session cookie: the proxy sends the request to sign in.
              expect(response.status(), label).toBe(307);
            } else if (path === home[id]) {
              // The page that has the action runs it, and the action answers 403.
              expect(response.status(), label).toBe(403);
            } else {
              // Next forwards an action posted to another page to the page that has it, and
              // answers {} when that refuses: no result, nothing changed.
              expect(response.status(), label).toBe(200);
              expect(await response.text(), label).toBe('{}');
            }
          }
        }
      }
    }
    expect(await orderData(orderId)).toEqual(orderBefore);
    expect(await inventoryData('barra-tropical-amazonas')).toEqual(stockBefore);

    // The same call from the admin goes through, so the calls above were well formed.
    const admin = await contexts.admin.post('/pt-BR/control-panel/orders', {
      headers: {
        'next-action': ids.changeOrderStatus!,
        'content-type': 'text/plain;charset=UTF-8',
        accept: 'text/x-component',
        origin: baseURL!,
      },
      data: JSON.stringify([null, { locale: 'pt-BR', orderId, to: 'confirmed' }]),
      maxRedirects: 0,
    });
    expect(admin.status()).toBe(200);
    await expect
      .poll(async () => (await orderData(orderId))?.status)
      .toEqual({ ...NO_STATUS, confirmed: true });
  });

  test("an admin demoted in Firestore loses access on the next request (false, 'true')", async ({
    baseURL,
  }) => {
    const account = { email: uniqueEmail('rebaixado'), password: 'rebaixado-123' };
    const uid = await createUserWithRecord(account.email, account.password, { isAdmin: true });
    const context = await sessionContext(baseURL!, account);
    try {
      expect((await fetchPage(context, '/pt-BR/control-panel', {})).status).toBe(200);
      await setUserField(uid, 'isAdmin', false);
      expect((await fetchPage(context, '/pt-BR/control-panel', {})).status).toBe(403);
      await setUserField(uid, 'isAdmin', 'true');
      expect((await fetchPage(context, '/pt-BR/control-panel/stock', {})).status).toBe(403);
      await setUserField(uid, 'isAdmin', true);
      expect((await fetchPage(context, '/pt-BR/control-panel/stock', {})).status).toBe(200);
    } finally {
      await context.dispose();
    }
  });
});

test.describe('stock and availability', () => {
  // On a shop of its own: a hidden product and a sold-out one would disturb every spec that
  // buys or shows them on the shared Playwright server.
  const HIDDEN = 'barra-tropical-parana';
  // On-demand revalidation normally shows a change on the next load; the pages' time-based
  // revalidation (60 s) bounds it whatever happens.
  const REVALIDATED_WITHIN = 75_000;
  const SOLD_OUT = 'barra-tropical-sampa';
  let shop: PrivateShop;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    shop = await startPrivateShop();
  });

  test.afterAll(async () => {
    await shop?.close();
  });

  async function shopInventory(key: string) {
    return (await shop.db().doc(`${SHOP_PATH}/inventory/${key}`).get()).data();
  }

  /** The menu search's results for `query` on a page loaded now (it reads the live flags). */
  async function searchResults(page: Page, query: string) {
    const visit = await page.context().newPage();
    await visit.goto(`${shop.url}/pt-BR/privacidade`);
    const menu = new MenuPanel(visit, 'pt-BR');
    await menu.open();
    await menu.search.fill(query);
    await expect(menu.dialog.getByRole('status')).toHaveText(/encontrad/);
    const titles = await menu.dialog
      .getByRole('list', { name: 'Resultados da busca' })
      .getByRole('link')
      .locator('span.flex-col > span.font-semibold')
      .allTextContents();
    await visit.close();
    return titles;
  }

  /** Changes one row and saves the page's form (only changed rows are sent). */
  async function saveRow(
    page: Page,
    key: string,
    change: (row: ReturnType<Page['getByTestId']>) => Promise<void>,
  ) {
    const row = page.getByTestId(`stock-row-${key}`);
    await change(row);
    await expect(page.getByTestId('stock-unsaved')).toHaveText('1 produto alterado, não salvo.');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(row.getByRole('status')).toContainText('alterações salvas');
    await expect(page.getByTestId('stock-unsaved')).toHaveText('Nenhuma alteração por salvar.');
    return row;
  }

  test('hiding a product and selling it out show on the storefront after revalidation', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { context, page } = await signedInAdmin(shop, browser);
    await page.goto(`${shop.url}/pt-BR/control-panel/stock`);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Estoque e disponibilidade' }),
    ).toBeVisible();
    await expect(page.locator('[data-testid^="stock-row-"]')).toHaveCount(17);

    await test.step('showInStore off hides it from the landing page', async () => {
      await expect(page.getByTestId(`product-card-${HIDDEN}`)).toHaveCount(0);
      const landing = await page.context().newPage();
      await landing.goto(`${shop.url}/pt-BR`);
      await expect(landing.getByTestId(`product-card-${HIDDEN}`)).toHaveCount(1);

      const row = await saveRow(page, HIDDEN, (r) =>
        r.getByRole('checkbox', { name: 'Na vitrine: Barra Tropical Paraná' }).uncheck(),
      );
      await expect(
        row.getByRole('checkbox', { name: 'Na vitrine: Barra Tropical Paraná' }),
      ).not.toBeChecked();
      // Its badge says so at once.
      await expect(row.getByTestId('stock-badges')).toHaveText('Fora da vitrine');
      expect((await shopInventory(HIDDEN))?.showInStore).toBe(false);
      // The menu search, on any page (a static one here), leaves it out at once.
      const found = await searchResults(page, 'barra tropical');
      expect(found).toContain('Barra Tropical Bahia');
      expect(found).not.toContain('Barra Tropical Paraná');

      await expect
        .poll(
          async () => {
            await landing.reload();
            return landing.getByTestId(`product-card-${HIDDEN}`).count();
          },
          { timeout: REVALIDATED_WITHIN },
        )
        .toBe(0);
      // Hidden means hidden: its page says it is no longer available, with links to the shop
      // (no button to add it), and the sitemap leaves it out.
      const unavailable = { 'pt-BR': 'não está mais disponível', en: 'is no longer available' };
      for (const locale of ['pt-BR', 'en'] as const) {
        await expect
          .poll(
            async () =>
              (await landing.request.get(`${shop.url}/${locale}/chocolates/${HIDDEN}`)).text(),
            {
              timeout: REVALIDATED_WITHIN,
            },
          )
          .toContain(unavailable[locale]);
      }
      await landing.goto(`${shop.url}/pt-BR/chocolates/${HIDDEN}`);
      await expect(
        landing.getByRole('heading', { level: 1, name: /não está mais disponível/ }),
      ).toBeVisible();
      await expect(landing.getByRole('button', { name: /Adicionar à lista/ })).toHaveCount(0);
      await expect
        .poll(async () => (await landing.request.get(`${shop.url}/sitemap.xml`)).text(), {
          timeout: REVALIDATED_WITHIN,
        })
        .not.toContain(`/chocolates/${HIDDEN}<`);
      await landing.close();
    });

    await test.step("stock 0 disables add-to-cart with 'Esgotado'", async () => {
      const product = await page.context().newPage();
      await product.goto(`${shop.url}/pt-BR/chocolates/${SOLD_OUT}`);
      await expect(
        product.getByRole('button', { name: 'Adicionar à lista: Barra Tropical Sampa' }),
      ).toBeEnabled();

      const row = await saveRow(page, SOLD_OUT, (r) =>
        r.getByRole('spinbutton', { name: 'Estoque de Barra Tropical Sampa' }).fill('0'),
      );
      await expect(row.getByTestId('stock-badges')).toHaveText('Esgotado');
      await expect(row.getByRole('spinbutton')).toHaveValue('0');
      expect((await shopInventory(SOLD_OUT))?.stock).toBe(0);

      await expect
        .poll(
          async () => {
            await product.reload();
            return product
              .getByRole('main')
              .getByRole('button', { name: 'Esgotado', disabled: true })
              .count();
          },
          { timeout: REVALIDATED_WITHIN },
        )
        .toBe(1);
      await expect(product.getByTestId('availability')).toHaveText('Esgotado');
      const card = product.getByTestId(`product-card-${SOLD_OUT}`);
      await expect
        .poll(
          async () => {
            await product.goto(`${shop.url}/pt-BR`);
            return card.getByRole('button', { name: 'Esgotado', disabled: true }).count();
          },
          { timeout: REVALIDATED_WITHIN },
        )
        .toBe(1);
      await product.close();
    });

    await test.step('an invalid stock is refused by the server', async () => {
      const row = page.getByTestId(`stock-row-${SOLD_OUT}`);
      const input = row.getByRole('spinbutton');
      // Past the browser's own min/max check: the server validates whatever arrives.
      await input.evaluate((element: HTMLInputElement) => element.removeAttribute('max'));
      await input.fill('1000');
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(row.getByRole('alert')).toHaveText(
        'Confira os valores: o estoque deve ser um número inteiro de 0 a 999.',
      );
      await expect(page.getByTestId('stock-result')).toHaveText(
        'Nada foi salvo: confira a linha marcada.',
      );
      expect((await shopInventory(SOLD_OUT))?.stock).toBe(0);
    });

    await test.step('restoring both brings them back', async () => {
      await page.reload();
      await saveRow(page, HIDDEN, (r) =>
        r.getByRole('checkbox', { name: 'Na vitrine: Barra Tropical Paraná' }).check(),
      );
      await saveRow(page, SOLD_OUT, (r) =>
        r.getByRole('spinbutton', { name: 'Estoque de Barra Tropical Sampa' }).fill('10'),
      );
      const landing = await page.context().newPage();
      const add = landing.getByRole('button', {
        name: 'Adicionar à lista: Barra Tropical Sampa',
      });
      await expect
        .poll(
          async () => {
            await landing.goto(`${shop.url}/pt-BR`);
            return [await landing.getByTestId(`product-card-${HIDDEN}`).count(), await add.count()];
          },
          { timeout: REVALIDATED_WITHIN },
        )
        .toEqual([1, 1]);
      await expect(add).toBeEnabled();
      for (const locale of ['pt-BR', 'en']) {
        await expect
          .poll(
            async () =>
              (await landing.request.get(`${shop.url}/${locale}/chocolates/${HIDDEN}`)).status(),
            { timeout: REVALIDATED_WITHIN },
          )
          .toBe(200);
      }
      expect(await (await landing.request.get(`${shop.url}/sitemap.xml`)).text()).toContain(
        `/en/chocolates/${HIDDEN}<`,
      );
      await landing.close();
      expect(await searchResults(page, 'barra tropical')).toContain('Barra Tropical Paraná');
    });
    await context.close();
  });
});
