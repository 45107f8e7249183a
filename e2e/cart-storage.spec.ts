import {
  CHECKOUT_TEXTS,
  CheckoutPage,
  createShopper,
  ordersOf,
  setStock,
} from './fixtures/checkout';
import { expect, TEXTS, test, type ShopLocale } from './fixtures/shop';

// A saved cart the shop cannot read (damaged JSON, another shape, a negative quantity) must not
// lock the cart or the checkout: it is discarded (or its valid part kept) and the shopper can
// still open the cart and place an order. Its own product: no other spec orders it.
const KEY = 'ovo-tropical-parana-amazonas';
const TITLE = { 'pt-BR': 'Ovo Tropical Paraná + Amazonas', en: 'Tropical Paraná + Amazonas Egg' };

const LOGIN = {
  'pt-BR': { email: 'E-mail', password: 'Senha', submit: 'Entrar' },
  en: { email: 'Email', password: 'Password', submit: 'Sign in' },
} as const;

const CASES: { name: string; locale: ShopLocale; stored: string; keptLines: number }[] = [
  { name: 'text that is not JSON', locale: 'pt-BR', stored: '{not json', keptLines: 0 },
  {
    name: 'a state of another shape',
    locale: 'en',
    stored: JSON.stringify({ state: { cart: 'x' } }),
    keptLines: 0,
  },
  {
    name: 'a line with a negative quantity next to a valid one',
    locale: 'pt-BR',
    stored: JSON.stringify({
      version: 1,
      state: {
        cartItems: [
          { id: 'mini-ovo', quantity: -3, variant: { key: 'default', name: 'default' } },
          { id: KEY, quantity: 1, variant: { key: 'default', name: 'default' } },
        ],
      },
    }),
    keptLines: 1,
  },
];

test.describe('a damaged saved cart', () => {
  test.beforeAll(async () => setStock(KEY, 50));

  for (const { name, locale, stored, keptLines } of CASES) {
    test(`${name}: the cart opens and the order goes through (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const title = TITLE[locale];
      const shopper = await createShopper('cart-storage');
      await page.addInitScript(
        ({ key, value }) => {
          if (sessionStorage.getItem('e2e-seeded')) return;
          sessionStorage.setItem('e2e-seeded', '1');
          localStorage.setItem(key, value);
        },
        { key: 'chocolates-tropicais-cart', value: stored },
      );

      await page.goto(`/${locale}/chocolates/${KEY}`);
      await shop.openCart();
      if (keptLines === 0) {
        await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
      } else {
        await expect(shop.cart.quantity(title)).toHaveText('1');
        await expect(shop.cart.line(TEXTS[locale].products['mini-ovo'])).toHaveCount(0);
      }
      await page.keyboard.press('Escape');

      await page
        .getByRole('main')
        .getByRole('button', { name: TEXTS[locale].add(title) })
        .click();
      await shop.openCart();
      await expect(shop.cart.quantity(title)).toHaveText(String(keptLines + 1));
      await expect(shop.cart.checkoutButton).toBeEnabled();
      await shop.cart.checkoutButton.click();

      const checkout = new CheckoutPage(page, locale);
      await checkout.expectOnPage();
      await checkout.signInButton.click();
      const labels = LOGIN[locale];
      await shop.userTab.getByLabel(labels.email, { exact: true }).fill(shopper.email);
      await shop.userTab.getByLabel(labels.password, { exact: true }).fill(shopper.password);
      await shop.userTab.getByRole('button', { name: labels.submit, exact: true }).click();
      await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
      await checkout.choosePickup();
      await checkout.confirmAndLand();
      await expect(page.getByTestId('order-status')).toHaveText(
        CHECKOUT_TEXTS[locale].awaitingApproval,
      );
      const [order] = await ordersOf(shopper.uid);
      expect(order?.orderItems).toEqual([
        expect.objectContaining({ key: KEY, quantity: keptLines + 1 }),
      ]);
    });
  }
});
