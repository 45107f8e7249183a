import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import {
  ACCOUNT_TEXTS,
  ADMIN,
  AccountScreen,
  footerAdminItems,
  SHOPPER,
  UserTab,
} from './fixtures/account';
import { createUserWithRecord, uniqueEmail, userRecordByEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';

// Nobody signs the seeded accounts out here: signing out revokes every session of that account,
// which would end the sessions of tests running in parallel. Sign-out is tested on fresh accounts.

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

const usuario = (page: Page, locale: 'pt-BR' | 'en' = 'pt-BR') =>
  new AccountScreen(page, locale, page.getByRole('main'));

test.describe('signing in with email (pt-BR)', () => {
  test('Firebase loads only when the user tab opens, never with the landing page', async ({
    page,
  }) => {
    const firebaseRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/auth\/config|identitytoolkit|:9\d{3}\//.test(request.url())) {
        firebaseRequests.push(request.url());
      }
    });
    await page.goto('/pt-BR');
    await expect(page.getByRole('heading', { name: 'Nossos Chocolates' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(firebaseRequests).toEqual([]);

    // Hold the config answer back, to see what the tab shows while Firebase starts.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/auth\/config$/, async (route) => {
      await held;
      await route.continue();
    });
    const tab = new UserTab(page, 'pt-BR');
    const configRequest = page.waitForRequest(/\/api\/auth\/config$/);
    await tab.open();
    await configRequest;
    await expect(tab.scope.getByRole('status')).toHaveText('Carregando Firebase...');
    await expect(tab.googleButton).toHaveCount(0);
    release();
    await expect(tab.googleButton).toBeVisible();
    await expect(tab.scope.getByText('Carregando Firebase...')).toHaveCount(0);
  });

  test('a wrong password shows a localized message', async ({ page }) => {
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    await tab.open();
    await tab.signIn(SHOPPER.email, 'not-the-password');
    await expect(tab.alert).toHaveText(ACCOUNT_TEXTS['pt-BR'].wrongPassword);
    await expect(tab.signInButton).toBeEnabled();
    await tab.signIn('nobody-here@example.com', 'whatever-123');
    await expect(tab.alert).toHaveText(/Não encontramos uma conta com este e-mail/);
  });

  test("a new account shows 'not filled in' hints, and signing out returns to the login form", async ({
    page,
  }) => {
    const email = uniqueEmail('novo');
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    await tab.open();

    await test.step('account creation signs in', async () => {
      await tab.fillName('Nova Cliente');
      await tab.fillCredentials(email, 'segredo-123');
      await tab.createAccountButton.click();
      // 'No street'... are stored, never shown.
      await tab.expectSignedIn('Nova Cliente');
      await expect(tab.scope.getByText(email)).toBeVisible();
      await expect(tab.addressField('street')).toHaveText(/Não informado/);
      await expect(tab.scope).not.toContainText(/No (name|street|number|complement|city)/);
      await expect(tab.scope.getByText('Você ainda não fez nenhum pedido.')).toBeVisible();
    });

    await test.step('the record holds only the four email sign-up fields', async () => {
      const record = await userRecordByEmail(email);
      expect(Object.keys(record ?? {}).sort()).toEqual(['address', 'authUID', 'email', 'name']);
      expect(record).toMatchObject({ email, name: 'Nova Cliente' });
    });

    await test.step('the session survives a reload', async () => {
      await page.reload();
      await tab.open();
      await tab.expectSignedIn('Nova Cliente');
    });

    await test.step('logout', async () => {
      await tab.logoutButton.click();
      await tab.expectSignedOut();
      await page.reload();
      await tab.open();
      await tab.expectSignedOut();
    });

    await test.step('creating it again says the email is taken', async () => {
      await tab.fillName('Nova Cliente');
      await tab.fillCredentials(email, 'segredo-123');
      await tab.createAccountButton.click();
      await expect(tab.alert).toHaveText(/Já existe uma conta com este e-mail/);
      await tab.fillCredentials(uniqueEmail('fraca'), '123');
      await tab.createAccountButton.click();
      await expect(tab.alert).toHaveText(/A senha é fraca demais/);
    });
  });
});

test.describe('the seeded shopper (pt-BR)', () => {
  test('sees the 3 recent orders, all 5 on demand, with items, method, status, date @phone', async ({
    page,
  }) => {
    const tab = new UserTab(page, 'pt-BR');
    const t = ACCOUNT_TEXTS['pt-BR'];
    await page.goto('/pt-BR');
    await tab.open();
    await tab.signIn(SHOPPER.email, SHOPPER.password);
    await tab.expectSignedIn(SHOPPER.name);
    await expect(tab.scope.getByText('+55 11 91234-5678')).toBeVisible();

    await test.step('3 most recent, newest first', async () => {
      await expect(tab.orders).toHaveCount(3);
      const titles = tab.orders.getByRole('button', { expanded: false });
      await expect(titles.nth(0)).toContainText('Pedido seed-order-5');
      await expect(titles.nth(1)).toContainText('Pedido seed-order-4');
      await expect(titles.nth(2)).toContainText('Pedido seed-order-3');
    });

    await test.step('statuses come from the one mapping', async () => {
      await expect(tab.orderButton('seed-order-5')).toContainText('Cancelado');
      await expect(tab.orderButton('seed-order-4')).toContainText('Entregue');
      await expect(tab.orderButton('seed-order-3')).toContainText('Em Produção');
    });

    await test.step('dates in pt-BR long format with hour and minute', async () => {
      await expect(tab.orderButton('seed-order-5')).toContainText('1 de abril de 2026 às 09:00');
      for (const text of await tab.orders.locator('time').allTextContents()) {
        expect(text).toMatch(/^\d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}$/u);
      }
    });

    await test.step('the toggle shows all 5 and back', async () => {
      await tab.scope.getByRole('button', { name: t.showAll }).click();
      await expect(tab.orders).toHaveCount(5);
      await expect(tab.orderButton('seed-order-1')).toContainText('Aguardando Aprovação');
      await expect(tab.orderButton('seed-order-2')).toContainText('Confirmado');
      await tab.scope.getByRole('button', { name: t.showRecent }).click();
      await expect(tab.orders).toHaveCount(3);
    });

    await test.step('an order expands to its items and receiving method', async () => {
      const order4 = tab.order('seed-order-4');
      const toggle = tab.orderButton('seed-order-4');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(order4.getByText('Ovo Cookies com Nutella')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(order4.getByText('Ovo Cookies com Nutella')).toBeVisible();
      await expect(order4.getByText('Barra Tropical Bahia')).toBeVisible();
      await expect(order4.getByText('R$ 138,00')).toBeVisible();
      await expect(order4.getByText(t.pickup, { exact: true })).toBeVisible();
      await expect(order4.getByText('R$ 178,00')).toBeVisible();

      await tab.orderButton('seed-order-3').click();
      await expect(tab.order('seed-order-3').getByText(t.delivery, { exact: true })).toBeVisible();
    });

    await test.step('each order has a WhatsApp link carrying its number', async () => {
      const link = tab.scope.getByRole('link', { name: t.whatsapp('seed-order-4') });
      await expect(link).toHaveAttribute('target', '_blank');
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      expect(decodeURIComponent(href?.split('text=')[1] ?? '')).toBe(
        'Olá! Gostaria de informações sobre o pedido número seed-order-4.',
      );
    });

    await test.step('a shopper has no control panel link, and the footer shows the phone', async () => {
      await expect(tab.controlPanelLink).toHaveCount(0);
      const footer = footerAdminItems(page, 'pt-BR');
      await expect(footer.phone).toBeVisible();
      await expect(footer.controlPanel).toHaveCount(0);
    });
  });

  test('edits the city: asterisk, discard, then save that persists on reload and /usuario', async ({
    page,
  }) => {
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    await tab.open();
    await tab.signIn(SHOPPER.email, SHOPPER.password);
    await tab.expectSignedIn(SHOPPER.name);
    const city = tab.addressField('city');
    const savedCity = (await city.locator('span.truncate').textContent()) ?? '';
    const newCity = `Campinas ${Date.now() % 100000}`;

    await test.step('a changed field is marked and both buttons appear', async () => {
      await expect(tab.resetButton).toHaveCount(0);
      await expect(tab.saveButton).toHaveCount(0);
      await tab.editButton('city').click();
      await tab.fieldInput('city').fill(newCity);
      await expect(city).toContainText('*');
      await tab.doneButton('city').click();
      await expect(city).toContainText(newCity);
      await expect(city).toContainText('*');
      await expect(tab.resetButton).toBeVisible();
      await expect(tab.saveButton).toBeVisible();
    });

    await test.step("'Descartar Alterações' restores the saved value", async () => {
      await tab.resetButton.click();
      await expect(city).toContainText(savedCity);
      await expect(city).not.toContainText('*');
      await expect(tab.saveButton).toHaveCount(0);
    });

    await test.step("'Atualizar Informações' saves", async () => {
      await tab.editAddressField('city', newCity);
      await tab.saveButton.click();
      await expect(tab.savedMessage).toBeVisible();
      await expect(city).not.toContainText('*');
      await expect(tab.saveButton).toHaveCount(0);
    });

    await test.step('the new city is there after a reload and on /usuario', async () => {
      await page.reload();
      await tab.open();
      await expect(tab.addressField('city')).toContainText(newCity);
      await tab.close();
      await page.goto('/pt-BR/usuario');
      await expect(usuario(page).addressField('city')).toContainText(newCity);
    });
  });
});

test.describe('admin', () => {
  test('sees the control panel link in the user tab and the footer', async ({ page }) => {
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    const footer = footerAdminItems(page, 'pt-BR');
    await expect(footer.phone).toBeVisible();
    await tab.open();
    await tab.signIn(ADMIN.email, ADMIN.password);
    await tab.expectSignedIn(ADMIN.name);
    await expect(tab.controlPanelLink).toBeVisible();
    await expect(tab.controlPanelLink).toHaveAttribute('href', '/pt-BR/control-panel');
    await expect(footer.controlPanel).toBeVisible();
    await expect(footer.phone).toHaveCount(0);

    // Known on every page without loading Firebase: the session bootstrap fills the store.
    await page.goto('/pt-BR/privacidade');
    await expect(footer.controlPanel).toBeVisible();
    await tab.open();
    await expect(tab.controlPanelLink).toBeVisible();
  });

  test("an isAdmin flag stored as the string 'true' does not make an admin", async ({ page }) => {
    const email = uniqueEmail('quase-admin');
    await createUserWithRecord(email, 'quase-admin-123', {
      isAdmin: 'true',
      address: {
        street: 'Rua A',
        number: '1',
        extra: '-',
        city: 'Santos',
        postalCode: '11000-000',
      },
    });
    const tab = new UserTab(page, 'pt-BR');
    await page.goto('/pt-BR');
    await tab.open();
    await tab.signIn(email, 'quase-admin-123');
    await tab.expectSignedIn('Teste');
    await expect(tab.addressField('city')).toContainText('Santos');
    await expect(tab.controlPanelLink).toHaveCount(0);
    const footer = footerAdminItems(page, 'pt-BR');
    await expect(footer.phone).toBeVisible();
    await expect(footer.controlPanel).toHaveCount(0);
  });
});

test.describe('/usuario', () => {
  test('signed out it shows the login form, is not indexed, and highlights the footer button', async ({
    page,
  }) => {
    await page.goto('/pt-BR/usuario');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entre na sua conta');
    const screen = usuario(page);
    await screen.expectSignedOut();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(new UserTab(page, 'pt-BR').footerButton).toHaveAttribute('aria-current', 'page');
  });

  test('signing in on the page renders the account from the server', async ({ page }) => {
    await page.goto('/pt-BR/usuario');
    const screen = usuario(page);
    await screen.signIn(SHOPPER.email, SHOPPER.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minha conta');
    await screen.expectSignedIn(SHOPPER.name);
    await expect(screen.orders).toHaveCount(3);
    await screen.scope.getByRole('button', { name: 'Ver todos os pedidos' }).click();
    await expect(screen.orders).toHaveCount(5);
    await expect(screen.controlPanelLink).toHaveCount(0);

    // Server-rendered per request: a fresh load shows the account straight away.
    await page.reload();
    await expect(screen.profileName).toHaveText(SHOPPER.name);
    await expect(screen.orders).toHaveCount(3);
  });
});

test.describe('English smoke', () => {
  test('the account in en: sign-in, orders and labels', async ({ page }) => {
    const t = ACCOUNT_TEXTS.en;
    const tab = new UserTab(page, 'en');
    await page.goto('/en');
    await tab.open();
    await expect(tab.scope.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await tab.signIn(SHOPPER.email, 'wrong-password');
    await expect(tab.alert).toHaveText(t.wrongPassword);
    await tab.signIn(SHOPPER.email, SHOPPER.password);
    await tab.expectSignedIn(SHOPPER.name);
    await expect(tab.scope.getByRole('heading', { name: t.ordersTitle })).toBeVisible();
    await expect(tab.orderButton('seed-order-5')).toContainText('Cancelled');
    await expect(tab.orderButton('seed-order-5')).toContainText('April 1, 2026 at 9:00 AM');
    await tab.orderButton('seed-order-5').click();
    await expect(tab.order('seed-order-5').getByText(t.delivery, { exact: true })).toBeVisible();
    await tab.scope.getByRole('button', { name: t.showAll }).click();
    await tab.orderButton('seed-order-1').click();
    await expect(tab.order('seed-order-1').getByText(t.pickup, { exact: true })).toBeVisible();
    await expect(tab.orderButton('seed-order-1')).toContainText('Awaiting approval');
    await expect(tab.scope.getByRole('link', { name: t.whatsapp('seed-order-1') })).toHaveAttribute(
      'href',
      /Hello!%20I%20would%20like%20information%20about%20order%20number%20seed-order-1/,
    );
  });
});
