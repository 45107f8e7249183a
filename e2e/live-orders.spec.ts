import { ADMIN, UserTab } from './fixtures/account';
import { CheckoutPage, createShopper, setStock } from './fixtures/checkout';
import { skipIntro } from './fixtures/intro';
import { expect, TEXTS, test } from './fixtures/shop';

// Live updates without a reload: the panel learns of a new order, the shopper of its new
// status, each by polling the server every 5 s while its page is visible. No page here is
// reloaded after the first load; the 20 s limits are the acceptance's.

const PRODUCT = { key: 'ovo-cookies-com-nutella', title: 'Ovo Cookies com Nutella' };
const LIVE = 20_000;

test('the panel shows a new order with a badge; the shopper sees its confirmation, both without a reload', async ({
  page,
  shopIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const shop = shopIn('pt-BR');
  const shopper = await createShopper('live-orders');
  await setStock(PRODUCT.key, 10);

  // The admin, in a browser of their own, with the orders page open.
  const adminContext = await browser.newContext({ baseURL });
  await skipIntro(adminContext);
  const admin = await adminContext.newPage();
  await test.step('the admin opens the panel', async () => {
    await admin.goto('/pt-BR');
    const tab = new UserTab(admin, 'pt-BR');
    await tab.open();
    await tab.signIn(ADMIN.email, ADMIN.password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await admin.goto('/pt-BR/control-panel/orders');
    await expect(admin.getByRole('heading', { level: 2, name: 'Pedidos' })).toBeVisible();
  });
  const live = admin.getByTestId('live-orders');

  const orderId = await test.step('the shopper places an order for pick-up', async () => {
    await page.goto('/pt-BR');
    const tab = new UserTab(page, 'pt-BR');
    await tab.open();
    await tab.signIn(shopper.email, shopper.password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await tab.close();
    await page.goto(`/pt-BR/chocolates/${PRODUCT.key}`);
    await page.getByRole('button', { name: TEXTS['pt-BR'].add(PRODUCT.title) }).click();
    await shop.openCart();
    await shop.cart.checkoutButton.click();
    const checkout = new CheckoutPage(page, 'pt-BR');
    await checkout.expectOnPage();
    await checkout.choosePickup();
    return checkout.confirmAndLand();
  });

  await test.step('the panel announces it within 20 s: badge, title, then the list', async () => {
    // Specs running in parallel may place orders too: at least this one is counted.
    await expect(live.getByRole('status')).toHaveText(/^\d+ novos? pedidos?/, { timeout: LIVE });
    await expect(admin).toHaveTitle(/^\(\d+\) Pedidos$/);
    await live.getByRole('button', { name: 'Atualizar a lista' }).click();
    await expect(admin.locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  });

  const shopperTab = new UserTab(page, 'pt-BR');
  await test.step("the shopper's user tab shows it awaiting approval", async () => {
    await shopperTab.open();
    await expect(shopperTab.orderButton(orderId)).toContainText('Aguardando Aprovação', {
      timeout: 15_000,
    });
  });

  await test.step("the admin confirms it; the shopper's open tab shows 'Confirmado' within 20 s", async () => {
    const card = admin.locator(`[data-order-id="${orderId}"]`);
    await card.getByRole('button', { name: 'Mover para Confirmado', exact: true }).click();
    await expect(card.getByTestId('admin-order-status')).toHaveText('Confirmado');
    await expect(shopperTab.orderButton(orderId)).toContainText('Confirmado', { timeout: LIVE });
  });
  await adminContext.close();
});
