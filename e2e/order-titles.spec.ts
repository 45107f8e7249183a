import { expect, test } from '@playwright/test';
import { AccountScreen, ADMIN, UserTab } from './fixtures/account';
import { createOrder, uniqueOrderId } from './fixtures/control-panel';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';

// An order placed in /en stores English titles; each viewer reads the lines in their own
// language, from the catalogue by the stored product key.

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

test('an order placed in English shows Portuguese titles in the pt-BR account, confirmation and control panel', async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = { email: uniqueEmail('titulos'), password: 'titulos-chocolate-1' };
  const uid = await createUserWithRecord(shopper.email, shopper.password, { isAdmin: false });
  const orderId = uniqueOrderId('TITLES');
  await createOrder(orderId, uid, {
    locale: 'en',
    orderItems: [
      {
        key: 'ovo-caramelo-com-amendoim',
        translatedTitle: 'Peanut Caramel Egg',
        quantity: 1,
        value: 103,
      },
    ],
    total: 103,
    customer: { name: 'Cliente Títulos', email: shopper.email },
  });

  await page.goto('/pt-BR');
  const tab = new UserTab(page, 'pt-BR');
  await tab.open();
  await tab.signIn(shopper.email, shopper.password);
  await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });

  await test.step('the confirmation page', async () => {
    await page.goto(`/pt-BR/checkout/${orderId}`);
    await expect(page.getByRole('main').getByText('Ovo Caramelo com Amendoim')).toBeVisible();
    await expect(page.getByText('Peanut Caramel Egg')).toHaveCount(0);
  });

  await test.step("on a phone, 'Ver meus pedidos' opens /usuario at the orders", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
    await expect(page).toHaveURL(/\/pt-BR\/usuario#pedidos$/);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Meus pedidos' }),
    ).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the account', async () => {
    await page.goto('/pt-BR/usuario');
    const account = new AccountScreen(page, 'pt-BR', page.getByRole('main'));
    await account.orderButton(orderId).click();
    await expect(account.order(orderId)).toContainText('1 × Ovo Caramelo com Amendoim');
    await expect(account.order(orderId)).not.toContainText('Peanut Caramel Egg');
  });

  await test.step('the control panel', async () => {
    const admin = await browser.newContext({ baseURL });
    await skipIntro(admin);
    const adminPage = await admin.newPage();
    await adminPage.goto('/pt-BR');
    const adminTab = new UserTab(adminPage, 'pt-BR');
    await adminTab.open();
    await adminTab.signIn(ADMIN.email, ADMIN.password);
    await expect(adminTab.logoutButton).toBeVisible({ timeout: 15_000 });
    await adminPage.goto(`/pt-BR/control-panel/orders?q=${orderId}`);
    const card = adminPage.getByTestId('admin-order').filter({ hasText: orderId });
    await expect(card).toContainText('Ovo Caramelo com Amendoim');
    await expect(card).not.toContainText('Peanut Caramel Egg');
    await admin.close();
  });
});
