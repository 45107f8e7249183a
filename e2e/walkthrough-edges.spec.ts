import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, UserTab } from './fixtures/account';
import { createShopper, signInFromFooter, type TestShopper } from './fixtures/checkout';
import { createOrder, sessionContext, setUserField, uniqueOrderId } from './fixtures/control-panel';
import { expect, SHOP_LOCALES, test } from './fixtures/shop';

// Layout, keyboard and edge defects found walking through the shop, each checked by a measurement
// in both languages, the layout ones at 1366x800 and 390x844, with screenshots.

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Where the screenshots for a person to look at go (besides the test's own output). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
  }
}

/**
 * The matches of `pattern` in the page's visible text that a line break splits: a range over the
 * match with more than one line box. Prices ('R$ 138,00') and CEPs ('05433-000') must not split.
 */
async function splitMatches(page: Page, pattern: RegExp): Promise<string[]> {
  return page.evaluate(
    ({ source, flags }) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const regex = new RegExp(source, flags.includes('g') ? flags : `${flags}g`);
        for (const match of text.matchAll(regex)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
          const lines = new Set(boxes.map((box) => Math.round(box.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
      return split;
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

const PRICE = /R\$\s[\d.]+,\d{2}/;

/**
 * The price elements of the page, each copied into a box 40 px wide: whatever the layout around a
 * price, it takes one line there only if the element itself keeps it on one (the one place prices
 * are rendered, components/ui/price.tsx). Returns the texts that took more than one line.
 */
async function pricesSplitInNarrowBox(page: Page): Promise<{ checked: number; split: string[] }> {
  return page.evaluate((source) => {
    const whole = new RegExp(`^${source}$`);
    const prices = [...document.querySelectorAll('main span')].filter((element) =>
      whole.test(element.textContent ?? ''),
    );
    const box = document.createElement('div');
    box.style.cssText = 'position:absolute;top:0;left:0;width:40px;';
    document.body.append(box);
    const split: string[] = [];
    for (const price of prices) {
      const copy = price.cloneNode(true) as HTMLElement;
      box.replaceChildren(copy);
      const range = document.createRange();
      range.selectNodeContents(copy);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) split.push(copy.textContent ?? '');
    }
    box.remove();
    return { checked: prices.length, split };
  }, PRICE.source);
}
const CEP = /\b\d{5}-\d{3}\b/;

/** Lays out every block now (the landing renders far blocks lazily, lib/boot-script.ts). */
async function layOutEverything(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-full-layout', ''));
}

async function noHorizontalScroll(page: Page): Promise<{ scroll: number; client: number }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

test.describe('product cards and prices', () => {
  for (const locale of SHOP_LOCALES) {
    for (const viewport of VIEWPORTS) {
      test(`one row's add buttons at one height, prices and CEPs on one line (${locale}, ${viewport.name})`, async ({
        page,
        shopIn,
      }) => {
        shopIn(locale);
        await page.setViewportSize(viewport);
        await page.goto(`/${locale}`);
        await layOutEverything(page);
        const rows = await page.evaluate(() => {
          const found: { tops: number[]; buttons: number[]; heights: number[] }[] = [];
          for (const list of document.querySelectorAll('ul')) {
            const cards = [...list.querySelectorAll(':scope > li > article[data-testid]')].filter(
              (card) => card.getClientRects().length > 0,
            );
            const byTop = new Map<number, Element[]>();
            for (const card of cards) {
              const top = Math.round(card.getBoundingClientRect().top);
              byTop.set(top, [...(byTop.get(top) ?? []), card]);
            }
            for (const row of byTop.values()) {
              found.push({
                tops: row.map((card) => card.getBoundingClientRect().top),
                buttons: row.map((card) => {
                  const button = card.querySelector('button');
                  return button ? button.getBoundingClientRect().top : NaN;
                }),
                heights: row.map((card) => card.getBoundingClientRect().height),
              });
            }
          }
          return found;
        });
        expect(rows.length).toBeGreaterThan(5);
        const multi = rows.filter((row) => row.tops.length > 1);
        // Phones show one card a row: nothing to line up there, but every card has its button.
        if (viewport.name === 'desktop') expect(multi.length).toBeGreaterThan(3);
        for (const row of rows) {
          for (const top of row.buttons) expect(top).not.toBeNaN();
          const first = row.buttons[0] ?? 0;
          for (const top of row.buttons) expect(Math.abs(top - first)).toBeLessThan(1);
          for (const height of row.heights) {
            expect(Math.abs(height - (row.heights[0] ?? 0))).toBeLessThan(1);
          }
        }
        expect(await splitMatches(page, PRICE)).toEqual([]);
        const narrow = await pricesSplitInNarrowBox(page);
        expect(narrow.checked).toBeGreaterThan(10);
        expect(narrow.split).toEqual([]);
        // The shop's address in the contact section ends with its CEP.
        const contact = page.locator('address').filter({ hasText: '05433-000' });
        await contact.scrollIntoViewIfNeeded();
        expect(await splitMatches(page, CEP)).toEqual([]);
        const cards = page.locator('article[data-testid^="product-card-"]').first();
        await cards.scrollIntoViewIfNeeded();
        await shot(page, `cards-${locale}-${viewport.name}`);
      });
    }
  }
});

/** A 60-character word, as someone might paste into Complemento. */
const LONG_WORD = 'Bloco'.padEnd(60, 'X');

test.describe('a 60-character word in Complemento', () => {
  for (const locale of SHOP_LOCALES) {
    for (const viewport of VIEWPORTS) {
      test(`leaves no horizontal scroll on the checkout and /usuario (${locale}, ${viewport.name})`, async ({
        page,
        shopIn,
      }) => {
        test.setTimeout(90_000);
        const shop = shopIn(locale);
        await page.setViewportSize(viewport);
        const shopper: TestShopper = await createShopper('long-word');
        await setUserField(shopper.uid, 'address.extra', LONG_WORD);
        await page.addInitScript(() => {
          if (sessionStorage.getItem('e2e-seeded')) return;
          sessionStorage.setItem('e2e-seeded', '1');
          localStorage.setItem(
            'chocolates-tropicais-cart',
            JSON.stringify({
              version: 1,
              state: {
                cartItems: [
                  { id: 'ovo-pistache', quantity: 1, variant: { key: 'default', name: 'default' } },
                ],
              },
            }),
          );
        });
        await signInFromFooter(page, shop, shopper);

        await page.goto(`/${locale}/checkout`);
        const summary = page.getByTestId('checkout-summary');
        await expect(summary.getByTestId('summary-place')).toContainText(LONG_WORD);
        await expect(summary.getByTestId('summary-place')).toContainText('01310-100');
        const checkout = await noHorizontalScroll(page);
        expect(checkout.scroll).toBeLessThanOrEqual(checkout.client);
        expect(await splitMatches(page, CEP)).toEqual([]);
        expect(await splitMatches(page, PRICE)).toEqual([]);
        const menu = await shop.menu.openButton.boundingBox();
        expect((menu?.x ?? Infinity) + (menu?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        await summary.getByTestId('summary-place').scrollIntoViewIfNeeded();
        await shot(page, `checkout-long-word-${locale}-${viewport.name}`);

        await page.goto(`/${locale}/usuario`);
        await expect(
          page.getByRole('main').getByTestId('address-extra').getByText(LONG_WORD),
        ).toBeAttached();
        const account = await noHorizontalScroll(page);
        expect(account.scroll).toBeLessThanOrEqual(account.client);
        await page.getByRole('main').getByTestId('address-extra').scrollIntoViewIfNeeded();
        await shot(page, `usuario-long-word-${locale}-${viewport.name}`);
      });
    }
  }
});

test.describe('menu search', () => {
  for (const locale of SHOP_LOCALES) {
    test(`tolerates a typo, marks what cannot be bought, clears with the kit's cross (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const t = {
        'pt-BR': {
          nutella: 'Ovo Cookies com Nutella',
          soldOut: 'Esgotado',
          rio: 'Barra Tropical Rio',
        },
        en: { nutella: 'Cookies and Nutella Egg', soldOut: 'Sold out', rio: 'Tropical Rio Bar' },
      }[locale];
      // The live read says one bar just sold out (changing the shared stock would race other
      // specs); everything else is the server's own answer.
      await page.route('**/api/catalogue/live', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { products: Record<string, { stock: number }> };
        const rio = body.products['barra-tropical-rio'];
        if (rio) rio.stock = 0;
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/${locale}`);
      await shop.menu.open();
      await shop.menu.search.fill('nutela');
      await expect(shop.menu.result(t.nutella)).toBeVisible();
      await expect(shop.menu.result(t.nutella).getByTestId('search-unavailable')).toHaveCount(0);

      await shop.menu.search.fill(locale === 'en' ? 'tropcal rio' : 'tropicl rio');
      await expect(shop.menu.result(t.rio)).toBeVisible();
      await expect(shop.menu.result(t.rio).getByTestId('search-unavailable')).toHaveText(t.soldOut);
      await shot(page, `menu-search-${locale}`);

      // The clear button is the kit's cross in the field's text colour, not Chromium's blue one:
      // the pixels at the field's right end, where the button is drawn.
      const field = await shop.menu.search.boundingBox();
      expect(field).not.toBeNull();
      const clip = {
        x: field!.x + field!.width - 44,
        y: field!.y + 4,
        width: 40,
        height: field!.height - 8,
      };
      const png = await page.screenshot({ clip });
      await page.screenshot({ path: test.info().outputPath(`search-clear-${locale}.png`), clip });
      const colours = await page.evaluate(async (base64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        let blue = 0;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
          if (b > r + 40 && b > g + 20) blue += 1;
          if (r + g + b < 450) dark += 1;
        }
        return { blue, dark };
      }, png.toString('base64'));
      expect(colours.blue).toBe(0);
      // The cross itself is there.
      expect(colours.dark).toBeGreaterThan(10);
      // A live read the page starts as the test ends must not fail the run outside any test.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
});

test.describe('keyboard and the user tab', () => {
  for (const locale of SHOP_LOCALES) {
    test(`the first Esc that closes the menu gives focus back to 'Menu' (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await page.goto(`/${locale}`);
      await shop.menu.openButton.focus();
      await page.keyboard.press('Enter');
      await expect(shop.menu.dialog).toBeVisible();
      await expect(shop.menu.search).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(shop.menu.dialog).toBeHidden();
      await expect(shop.menu.openButton).toBeFocused();
      // And so does every later one.
      await page.keyboard.press('Enter');
      await expect(shop.menu.search).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(shop.menu.openButton).toBeFocused();
    });

    test(`the signed-in user tab says it is loading on a slow network (${locale})`, async ({
      page,
      shopIn,
    }) => {
      test.setTimeout(90_000);
      const shop = shopIn(locale);
      const shopper = await createShopper('slow-tab');
      await signInFromFooter(page, shop, shopper);
      // A new document whose code chunks take 2.5 s each from now on (routing also turns the
      // browser's cache off, so nothing comes from it).
      let slow = false;
      await page.route('**/_next/static/chunks/**', async (route) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.continue();
      });
      await page.goto(`/${locale}`);
      await page.waitForLoadState('networkidle');
      slow = true;
      await shop.footer.userButton.click();
      const loading = { 'pt-BR': 'Carregando sua conta...', en: 'Loading your account...' }[locale];
      await expect(shop.userTab.getByRole('status')).toHaveText(loading, { timeout: 15_000 });
      await shot(page, `user-tab-loading-${locale}`);
      await expect(shop.userTab.getByText(shopper.email)).toBeVisible({ timeout: 30_000 });
      await expect(shop.userTab.getByText(loading)).toHaveCount(0);
    });
  }
});

test.describe('edges', () => {
  for (const locale of SHOP_LOCALES) {
    test(`a stored quantity of 10^9 never reaches the badge (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await page.addInitScript(() => {
        localStorage.setItem(
          'chocolates-tropicais-cart',
          JSON.stringify({
            version: 1,
            state: {
              cartItems: [
                {
                  id: 'mini-ovo',
                  quantity: 1_000_000_000,
                  variant: { key: 'default', name: 'default' },
                },
                { id: 'ovo-pistache', quantity: 55, variant: { key: 'default', name: 'default' } },
              ],
            },
          }),
        );
        // Every text the badge ever shows, from the first frame on.
        const seen: string[] = [];
        (window as unknown as { __badges: string[] }).__badges = seen;
        new MutationObserver(() => {
          const badge = document.querySelector('[data-testid="cart-badge"]');
          if (badge?.textContent) seen.push(badge.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`/${locale}`);
      // 5 of each product at most (lib/orders/limits.ts HOLD_LIMITS.perProduct).
      await expect(shop.footer.badge).toHaveText('10');
      const seen = await page.evaluate(
        () => (window as unknown as { __badges: string[] }).__badges,
      );
      expect(seen.length).toBeGreaterThan(0);
      for (const text of seen) expect(Number(text)).toBeLessThanOrEqual(20);
      const badge = await shop.footer.badge.boundingBox();
      const bar = await shop.footer.bar.boundingBox();
      expect(badge && bar && badge.y >= bar.y - badge.height).toBeTruthy();
    });

    for (const where of ['usuario', 'checkout'] as const) {
      test(`the language switch keeps one hash on /${where} (${locale})`, async ({
        page,
        shopIn,
      }) => {
        const shop = shopIn(locale);
        await page.goto(`/${locale}/${where}#frag`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The address may carry Next's doubled hash for a moment before the switch puts the one
        // asked for (components/layout/language-switch.tsx): what stays is one.
        const oneHash = () => expect.poll(() => new URL(page.url()).hash).toBe('#frag');
        const next = await shop.switchLanguage();
        await expect(page).toHaveURL(new RegExp(`/${next.locale}/${where}#frag$`));
        await oneHash();
        await expect(page.locator('html')).toHaveAttribute('lang', next.locale);
        // Once more, back.
        await next.switchLanguage();
        await oneHash();
        expect(page.url()).toMatch(new RegExp(`/${locale}/${where}#frag$`));
      });
    }
  }

  test("the pt-BR CSV titles products in Portuguese, the en one in English, whatever the order's language", async ({
    baseURL,
  }) => {
    const marker = uniqueOrderId('CSVT');
    const email = `${marker.toLowerCase()}@example.com`;
    await createOrder(`${marker}A`, 'csv-titles', {
      locale: 'en',
      customer: { name: 'Titles Shopper', email },
      customerEmailLower: email,
      orderItems: [
        {
          key: 'barra-tropical-sampa',
          translatedTitle: 'Tropical Sampa Bar',
          quantity: 1,
          value: 40,
        },
      ],
    });
    const admin = await sessionContext(baseURL!, ADMIN);
    const pt = await (await admin.get(`/pt-BR/control-panel/export?q=${email}`)).text();
    expect(pt).toContain(';1 × Barra Tropical Sampa;');
    expect(pt).not.toContain('Tropical Sampa Bar');
    const en = await (await admin.get(`/en/control-panel/export?q=${email}`)).text();
    expect(en).toContain(',1 × Tropical Sampa Bar,');
    await admin.dispose();
  });
});

test.describe('control panel search', () => {
  for (const locale of SHOP_LOCALES) {
    test(`finds an order by the first letters of the shopper's e-mail and of their name (${locale})`, async ({
      page,
      shopIn,
    }) => {
      shopIn(locale);
      const marker = uniqueOrderId('NAME').toLowerCase();
      const orderId = uniqueOrderId('BYNAME');
      const email = `${marker}@example.com`;
      // A name no other order has, with an accent the search ignores.
      const name = `Zélia ${marker} Quintão`;
      await createOrder(orderId, `by-name-${marker}`, {
        customer: { name, email },
        customerEmailLower: email,
      });
      const tab = new UserTab(page, locale);
      await page.goto(`/${locale}`);
      await tab.open();
      await tab.signIn(ADMIN.email, ADMIN.password);
      await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
      await page.goto(`/${locale}/control-panel/orders`);
      const label = locale === 'pt-BR' ? 'Buscar' : 'Search';
      const apply = locale === 'pt-BR' ? 'Filtrar' : 'Filter';
      const card = page.locator(`[data-order-id="${orderId}"]`);
      // The start of the name (case and accents aside), then the start of the e-mail.
      for (const q of [`ZELIA ${marker}`, `zélia ${marker}`, `${marker}@exa`]) {
        await page.getByRole('searchbox', { name: label }).fill(q);
        await page.getByRole('button', { name: apply }).click();
        await expect(page).toHaveURL(/[?&]q=/);
        await expect(card).toBeVisible();
        await expect(page.locator('[data-order-id]')).toHaveCount(1);
      }
      await shot(page, `panel-name-search-${locale}`);
    });
  }
});
