import { AccountScreen, SHOPPER } from './fixtures/account';
import { CHECKOUT_TEXTS, createShopper } from './fixtures/checkout';
import { expect, test } from './fixtures/shop';

// A confirmation link opened signed out (from the order e-mail, on another device): the page
// offers the login form of /usuario, and after the sign-in shows the order if it is the
// shopper's own, the localized 404 otherwise.

const SIGN_IN_TITLE = {
  'pt-BR': 'Entre para ver seu pedido',
  en: 'Sign in to see your order',
} as const;

// The seeded shopper's confirmed order (scripts/local-firebase/seed.mjs); only read here.
const SEEDED_ORDER = 'seed-order-2';

test.describe('a confirmation link opened signed out', () => {
  test("pt-BR: the login form, then the shopper's own order", async ({ page }) => {
    const response = await page.goto(`/pt-BR/checkout/${SEEDED_ORDER}`);
    expect(response?.status()).toBe(200);
    const main = new AccountScreen(page, 'pt-BR', page.getByRole('main'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN_TITLE['pt-BR']);
    await expect(main.googleButton).toBeVisible({ timeout: 15_000 });

    await main.signIn(SHOPPER.email, SHOPPER.password);
    // A later visit: the heading names the order and its status ('Pedido recebido!' is the
    // confirmation right after the checkout).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Pedido ${SEEDED_ORDER}: Confirmado`,
      { timeout: 15_000 },
    );
    await expect(page.getByTestId('order-number')).toHaveText(SEEDED_ORDER);
    await expect(page).toHaveURL(new RegExp(`/pt-BR/checkout/${SEEDED_ORDER}$`));
  });

  test("en: someone else's order stays a 404 after the sign-in", async ({ page }) => {
    const t = CHECKOUT_TEXTS.en;
    const shopper = await createShopper('order-link');
    await page.goto(`/en/checkout/${SEEDED_ORDER}`);
    const main = new AccountScreen(page, 'en', page.getByRole('main'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN_TITLE.en);
    await expect(main.googleButton).toBeVisible({ timeout: 15_000 });

    await main.signIn(shopper.email, shopper.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound, {
      timeout: 15_000,
    });
    await expect(page.getByTestId('order-number')).toHaveCount(0);
    // A fresh load answers the 404 status too.
    expect((await page.reload())?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
  });
});
