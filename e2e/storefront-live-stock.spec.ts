import { inventoryData, setInventory } from './fixtures/control-panel';
import { expect, SHOP_LOCALES, test } from './fixtures/shop';

// Fresh on every instance: a stock or visibility change written straight into Firestore (as
// another instance's control panel would, with no revalidation on this server) shows on the
// product page and the landing's card within 5 s of a page view, while the prerendered HTML still
// says otherwise (the pages regenerate at most every minute). No reload until it shows: one page
// view each.

const KEY = 'ovo-caramelo-com-amendoim';
const LIVE_MS = 5_000;

const TEXTS = {
  'pt-BR': {
    inStock: 'Em estoque',
    soldOut: 'Esgotado',
    unavailable: 'Indisponível',
    notForSale: 'Indisponível no momento',
  },
  en: {
    inStock: 'In stock',
    soldOut: 'Sold out',
    unavailable: 'Unavailable',
    notForSale: 'Currently unavailable',
  },
} as const;

/** What is left of the 5 s that began at `start`. */
const left = (start: number) => Math.max(1, LIVE_MS - (Date.now() - start));

test.describe.configure({ mode: 'serial' });

test.describe('the storefront follows the live stock', () => {
  let before: Record<string, unknown> | undefined;
  test.beforeAll(async () => {
    before = await inventoryData(KEY);
    await setInventory(KEY, { ...before, stock: 20, showInStore: true, availableForSale: true });
  });
  test.afterAll(async () => {
    await setInventory(KEY, { ...before, stock: 20, showInStore: true, availableForSale: true });
  });

  for (const locale of SHOP_LOCALES) {
    const texts = TEXTS[locale];

    test(`${locale}: sold out on another instance shows on the product page and the landing's card`, async ({
      page,
    }) => {
      await setInventory(KEY, { ...before, stock: 20, showInStore: true, availableForSale: true });
      await page.goto(`/${locale}/chocolates/${KEY}`);
      await expect(page.getByTestId('availability')).toHaveText(texts.inStock);

      await setInventory(KEY, { ...before, stock: 0, showInStore: true, availableForSale: true });
      const product = Date.now();
      const html = await (await page.goto(`/${locale}/chocolates/${KEY}`))?.text();
      // The server's copy of the page does not know yet: the live read corrects it.
      expect(html).toContain(texts.inStock);
      await expect(page.getByTestId('availability')).toHaveText(texts.soldOut, {
        timeout: left(product),
      });
      await expect(
        page.getByRole('main').getByRole('button', { name: texts.soldOut, exact: true }),
      ).toBeDisabled({ timeout: left(product) });

      const landing = Date.now();
      await page.goto(`/${locale}`);
      const card = page.getByTestId(`product-card-${KEY}`).first();
      await expect(card.getByRole('button', { name: texts.soldOut, exact: true })).toBeDisabled({
        timeout: left(landing),
      });
    });

    test(`${locale}: hidden on another instance leaves the landing and cannot be bought on its page`, async ({
      page,
    }) => {
      await setInventory(KEY, { ...before, stock: 20, showInStore: false, availableForSale: true });
      const landing = Date.now();
      await page.goto(`/${locale}`);
      await expect(page.locator(`[data-testid="product-card-${KEY}"]:visible`)).toHaveCount(0, {
        timeout: left(landing),
      });

      const product = Date.now();
      await page.goto(`/${locale}/chocolates/${KEY}`);
      await expect(page.getByTestId('availability')).toHaveText(texts.notForSale, {
        timeout: left(product),
      });
      await expect(
        page.getByRole('main').getByRole('button', { name: texts.unavailable, exact: true }),
      ).toBeDisabled({ timeout: left(product) });
      await setInventory(KEY, { ...before, stock: 20, showInStore: true, availableForSale: true });
    });
  }
});
