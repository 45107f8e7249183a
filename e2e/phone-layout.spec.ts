// What must never wrap, at 390x844 (a phone) and 1366x800, in both languages, on a shop of this
// spec's own with Mercado Pago configured against the local fake (test/fake-mercadopago.ts), so
// the order page offers its payment choices: the order page's telephone and payment choices, the
// list's buttons, the checkout's delivery days, /usuario's order dates beside their status, the
// panel's tabs (one row, scrolled sideways on a phone) and the admin card's e-mail; and the
// landing on a phone: two cards to a row, category chips in one row, each product once. Each
// element's text must sit on one line (its text boxes share one line box). Screenshots of every
// page go to LAYOUT_SHOTS_DIR when it is set (else the test's output folder); the landing's
// height is attached to the test's result.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

import { startFakeMercadoPago, type FakeMercadoPago } from '../test/fake-mercadopago';
import { skipIntro } from './fixtures/intro';
import { withOpenDay } from './fixtures/order-request';
import {
  SHOP_PATH,
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { expect, test } from './fixtures/test';

const ACCESS_TOKEN = 'TEST-e2e-layout-access-token';
const PRODUCT = 'ovo-pistache';
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 800 },
} as const;

const TEXTS = {
  'pt-BR': {
    cart: /^Lista de Compras/,
    checkout: 'Finalizar compra',
    clear: 'Esvaziar a lista',
    card: 'Cartão de crédito',
    tabs: 'Seções do painel',
    chips: 'Ir para a categoria',
  },
  en: {
    cart: /^Shopping List/,
    checkout: 'Checkout',
    clear: 'Clear the list',
    card: 'Credit card',
    tabs: 'Panel sections',
    chips: 'Jump to a category',
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
      MERCADOPAGO_WEBHOOK_SECRET: 'e2e-layout-webhook-secret',
      MERCADOPAGO_API_BASE_URL: fake.baseUrl,
    },
  });
});

test.afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/**
 * How many lines the element's text takes: its text boxes, grouped into lines (a box whose middle
 * lies below the previous line's bottom starts a new one).
 */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.width > 0.5 && box.height > 0) boxes.push(box);
      }
    }
    boxes.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if ((box.top + box.bottom) / 2 > bottom) {
        lines += 1;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return lines;
  });
}

async function expectOneLine(locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  expect(await lineCount(locator), `${what} on one line`).toBe(1);
}

function shotsDir(): string {
  const dir = process.env.LAYOUT_SHOTS_DIR ?? test.info().outputPath('shots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(shotsDir(), `${name}.png`), fullPage });
}

async function newContext(browser: Browser, size: keyof typeof VIEWPORTS): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  await skipIntro(context);
  // Offline, the SDK's host cannot answer: fail at once rather than after a network timeout.
  await context.route(/mercadopago\.com/, (route) => route.abort());
  return context;
}

/** A signed-in shopper's new open order, to be paid online; returns its id. */
async function placeOrder(page: Page, locale: 'pt-BR' | 'en'): Promise<string> {
  await signedInShopper(shop, page);
  await shop.db().doc(`${SHOP_PATH}/inventory/${PRODUCT}`).set({ stock: 10 }, { merge: true });
  const orderId = `LAYOUT${locale === 'en' ? 'EN' : 'PT'}${Date.now()}`;
  const placed = await page.request.post(`${shop.url}/api/orders`, {
    headers: { origin: shop.url },
    data: await withOpenDay(page.request, shop.url, {
      orderId,
      lines: [{ key: PRODUCT, quantity: 2 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale,
    }),
  });
  expect(placed.status()).toBe(200);
  return orderId;
}

for (const locale of ['pt-BR', 'en'] as const) {
  for (const size of ['phone', 'desktop'] as const) {
    test(`nothing wraps that should not (${locale}, ${size})`, async ({ browser }) => {
      test.setTimeout(180_000);
      const t = TEXTS[locale];
      const tag = `${locale}-${VIEWPORTS[size].width}`;
      const context = await newContext(browser, size);
      const page = await context.newPage();
      const orderId = await placeOrder(page, locale);

      await test.step('the order page: the telephone and the payment choices', async () => {
        await page.goto(`${shop.url}/${locale}/checkout/${orderId}`);
        await expectOneLine(page.getByTestId('order-telephone'), 'the telephone');
        const panel = page.getByTestId('payment-panel');
        await expectOneLine(panel.getByRole('radio', { name: t.card }), t.card);
        for (const radio of await panel.getByRole('radio').all()) {
          await expectOneLine(radio, 'a payment choice');
        }
        await shoot(page, `order-${tag}`);
      });

      await test.step('/usuario: the order date beside its status', async () => {
        await page.goto(`${shop.url}/${locale}/usuario`);
        const order = page.getByRole('main').getByTestId('order').first();
        await expectOneLine(order.getByTestId('order-date'), 'the order date');
        await shoot(page, `usuario-${tag}`);
      });

      await test.step("the list: 'Esvaziar a lista' and 'Finalizar compra'", async () => {
        await page.goto(`${shop.url}/${locale}`);
        await page.evaluate(() => {
          localStorage.setItem(
            'chocolates-tropicais-cart',
            JSON.stringify({
              state: {
                cartItems: [
                  { id: 'ovo-pistache', quantity: 2, variant: { key: 'default', name: 'default' } },
                  { id: 'mini-ovo', quantity: 1, variant: { key: 'default', name: 'default' } },
                ],
              },
              version: 1,
            }),
          );
        });
        await page.reload();
        await page
          .getByRole('navigation', { name: locale === 'en' ? 'Shortcuts' : 'Atalhos' })
          .getByRole('button', { name: t.cart })
          .click();
        const dialog = page.getByRole('dialog', { name: t.cart });
        await expectOneLine(dialog.getByRole('button', { name: t.checkout }), t.checkout);
        await expectOneLine(dialog.getByRole('button', { name: t.clear }), t.clear);
        await shoot(page, `cart-${tag}`, false);
      });

      await test.step("the checkout's delivery days", async () => {
        await page.goto(`${shop.url}/${locale}/checkout`);
        // Pick-up: its days need no address (this shopper has none).
        await page.getByRole('radio', { name: /^(Retirada|Pick-up)/ }).check();
        const days = page.getByTestId('delivery-days').locator('label[data-day]');
        await expect(days.first()).toBeVisible();
        for (const day of await days.all()) await expectOneLine(day, 'a delivery day');
        await page.getByTestId('delivery-days').scrollIntoViewIfNeeded();
        await shoot(page, `checkout-${tag}`);
      });

      await test.step('the landing: two cards to a row on a phone, chips in one row, each product once', async () => {
        await page.goto(`${shop.url}/${locale}`);
        const section = page.locator('#chocolates');
        const chips = section.getByRole('navigation', { name: t.chips }).getByRole('link');
        const tops = await chips.evaluateAll((links) =>
          links.map((link) => Math.round(link.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size, 'the chips in one row').toBe(1);
        for (const chip of await chips.all()) await expectOneLine(chip, 'a chip');
        const cards = section.locator('[data-testid^="product-card-"]');
        const keys = await cards.evaluateAll((list) =>
          list.map((card) => (card as HTMLElement).dataset.testid),
        );
        expect(new Set(keys).size, 'each product once').toBe(keys.length);
        expect(await page.locator('#organicos [data-testid^="product-card-"]').count()).toBe(0);
        const [first, second] = await cards.evaluateAll((list) =>
          list.slice(0, 2).map((card) => card.getBoundingClientRect().top),
        );
        if (size === 'phone') expect(second, 'two cards to a row').toBe(first);
        // Every block laid out (render-when-near keeps far ones as stand-ins), then measured.
        await page.evaluate(() => document.documentElement.setAttribute('data-full-layout', ''));
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await test.info().attach(`landing height ${tag}`, { body: `${height}px` });
        // Half of the 17,634 px a phone scrolled through with one card a row and repeated products.
        if (size === 'phone')
          expect(height, 'the phone landing at most half as tall').toBeLessThanOrEqual(8_817);
        await shoot(page, `landing-${tag}`, false);
      });

      await test.step("the panel: its tabs in one row, the card's e-mail on one line", async () => {
        // A session of its own, in this viewport.
        const admin = await signedInAdmin(shop, browser);
        const cookies = await admin.context.cookies();
        await admin.context.close();
        const adminContext = await newContext(browser, size);
        await adminContext.addCookies(cookies);
        const adminPage = await adminContext.newPage();
        await adminPage.goto(`${shop.url}/${locale}/control-panel/orders?q=${orderId}`);
        const tabs = adminPage.getByRole('navigation', { name: t.tabs }).getByRole('link');
        const tabTops = await tabs.evaluateAll((links) =>
          links.map((link) => Math.round(link.getBoundingClientRect().top)),
        );
        expect(new Set(tabTops).size, 'the tabs in one row').toBe(1);
        for (const tab of await tabs.all()) await expectOneLine(tab, 'a tab');
        const email = adminPage.getByTestId('admin-order-email');
        await expectOneLine(email, 'the e-mail');
        // Cut with an ellipsis inside its card, not spilled past it.
        const [emailBox, cardBox] = await Promise.all([
          email.boundingBox(),
          adminPage.getByTestId('admin-order').first().boundingBox(),
        ]);
        expect(emailBox!.x + emailBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
        await shoot(adminPage, `panel-${tag}`);
        await adminContext.close();
      });

      await context.close();
    });
  }
}
