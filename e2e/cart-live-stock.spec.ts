import type { Page } from '@playwright/test';
import { ADMIN, UserTab } from './fixtures/account';
import {
  CHECKOUT_TEXTS,
  CheckoutPage,
  createShopper,
  getStock,
  ordersOf,
  setStock,
} from './fixtures/checkout';
import { setInventory } from './fixtures/control-panel';
import { skipIntro } from './fixtures/intro';
import { expect, TEXTS, test, type Shop, type ShopLocale } from './fixtures/shop';

// The cart against the live stock: when it opens (and on the checkout page) it reads the units
// left of its own products, caps each line, says how many are left, stops + there, and keeps
// sold-out or withdrawn lines out of the total and the order. Products no other spec orders.

const MINAS = 'ovo-tropical-minas';
const WONDER = 'ovo-tropical-maravilha';
const PARANA = 'ovo-tropical-parana';
const TITLES = {
  [MINAS]: { 'pt-BR': 'Ovo Tropical Minas', en: 'Tropical Minas Egg' },
  [WONDER]: { 'pt-BR': 'Ovo Tropical Maravilha', en: 'Tropical Wonder Egg' },
  [PARANA]: { 'pt-BR': 'Ovo Tropical Paraná', en: 'Tropical Paraná Egg' },
} as const;

const LOGIN = {
  'pt-BR': { email: 'E-mail', password: 'Senha', submit: 'Entrar' },
  en: { email: 'Email', password: 'Password', submit: 'Sign in' },
} as const;

async function addProduct(page: Page, locale: ShopLocale, key: keyof typeof TITLES, times: number) {
  const title = TITLES[key][locale];
  await page.goto(`/${locale}/chocolates/${key}`);
  const add = page.getByRole('main').getByRole('button', { name: TEXTS[locale].add(title) });
  for (let i = 0; i < times; i += 1) await add.click();
}

async function checkOutSignedIn(shop: Shop, shopper: { email: string; password: string }) {
  await shop.cart.checkoutButton.click();
  const checkout = new CheckoutPage(shop.page, shop.locale);
  await checkout.expectOnPage();
  await checkout.signInButton.click();
  const labels = LOGIN[shop.locale];
  await shop.userTab.getByLabel(labels.email, { exact: true }).fill(shopper.email);
  await shop.userTab.getByLabel(labels.password, { exact: true }).fill(shopper.password);
  await shop.userTab.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
  await checkout.choosePickup();
  return checkout;
}

test.describe('the cart against the live stock', () => {
  // Each test restores its own products when it ends: the two run in parallel on different
  // workers, and an afterAll would reset the other test's stock halfway.
  test.afterEach(async ({}, testInfo) => {
    const keys = testInfo.title.startsWith('in English') ? [WONDER, PARANA] : [MINAS];
    for (const key of keys) await setInventory(key, { stock: 10 });
  });

  test("the admin leaves 2: a cart of 5 shows 2 with 'Só restam 2', + stops, the order takes 2", async ({
    page,
    browser,
    baseURL,
    shopIn,
  }) => {
    test.setTimeout(120_000);
    await setStock(MINAS, 10);
    const shop = shopIn('pt-BR');
    const shopper = await createShopper('live-stock');
    const title = TITLES[MINAS]['pt-BR'];
    await addProduct(page, 'pt-BR', MINAS, 5);
    await shop.openCart();
    await expect(shop.cart.quantity(title)).toHaveText('5');
    await shop.cart.expectTotal('R$ 450,00');
    await page.keyboard.press('Escape');

    await test.step('the admin sets the stock to 2 on the stock page', async () => {
      const admin = await browser.newContext({ baseURL });
      await skipIntro(admin);
      const adminPage = await admin.newPage();
      await adminPage.goto('/pt-BR');
      const tab = new UserTab(adminPage, 'pt-BR');
      await tab.open();
      await tab.signIn(ADMIN.email, ADMIN.password);
      await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
      await adminPage.goto('/pt-BR/control-panel/stock');
      const row = adminPage.getByTestId(`stock-row-${MINAS}`);
      // The form's controls are enabled once it hydrates; fill waits for that.
      await row.getByRole('spinbutton', { name: `Estoque de ${title}` }).fill('2');
      await adminPage.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(row.getByRole('status')).toContainText('alterações salvas');
      expect(await getStock(MINAS)).toBe(2);
      await admin.close();
    });

    await test.step('opening the cart caps the line at 2 and says so', async () => {
      await shop.openCart();
      await expect(shop.cart.quantity(title)).toHaveText('2');
      await expect(shop.cart.line(title).getByTestId('cart-line-stock')).toHaveText('Só restam 2');
      await expect(shop.cart.increase(title)).toBeDisabled();
      await shop.cart.expectTotal('R$ 180,00');
      await expect(shop.footer.badge).toHaveText('2');
    });

    await test.step('checkout succeeds for 2', async () => {
      const checkout = await checkOutSignedIn(shop, shopper);
      await expect(checkout.line(MINAS)).toContainText('2 unidades');
      await checkout.confirmAndLand();
      const [order] = await ordersOf(shopper.uid);
      expect(order).toMatchObject({ total: 18000 });
      expect(order?.orderItems).toEqual([expect.objectContaining({ key: MINAS, quantity: 2 })]);
      expect(await getStock(MINAS)).toBe(0);
    });
  });

  test('in English: the note, and a hidden product stays listed but out of total and order', async ({
    page,
    shopIn,
  }) => {
    await setStock(WONDER, 10);
    await setInventory(PARANA, { stock: 10 });
    const shop = shopIn('en');
    const shopper = await createShopper('live-stock-en');
    await addProduct(page, 'en', WONDER, 3);
    await addProduct(page, 'en', PARANA, 1);
    await setStock(WONDER, 1);
    // Hidden from the shop ('Na vitrine' off): the cart cannot check it out.
    await setInventory(PARANA, { stock: 10, showInStore: false });

    await shop.openCart();
    const wonder = TITLES[WONDER].en;
    const parana = TITLES[PARANA].en;
    await expect(shop.cart.quantity(wonder)).toHaveText('1');
    await expect(shop.cart.line(wonder).getByTestId('cart-line-stock')).toHaveText('Only 1 left');
    await expect(shop.cart.increase(wonder)).toBeDisabled();
    await expect(shop.cart.line(parana).getByTestId('cart-line-blocked')).toHaveText(
      'Unavailable right now: left out of the total and the order.',
    );
    await expect(shop.cart.increase(parana)).toBeDisabled();
    await shop.cart.expectTotal('R$ 155,00');

    const checkout = await checkOutSignedIn(shop, shopper);
    await expect(checkout.line(PARANA)).toHaveCount(0);
    await checkout.confirmAndLand();
    await expect(page.getByTestId('order-status')).toHaveText(CHECKOUT_TEXTS.en.awaitingApproval);
    await expect(page.getByTestId('manual-payment')).toHaveText(
      CHECKOUT_TEXTS.en.manualPaymentPickup,
    );
    const [order] = await ordersOf(shopper.uid);
    expect(order?.orderItems).toEqual([expect.objectContaining({ key: WONDER, quantity: 1 })]);
  });
});
