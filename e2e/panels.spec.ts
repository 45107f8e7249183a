import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/shop';

const focusIsInside = (dialog: Locator) =>
  dialog.evaluate((element) => element.contains(document.activeElement));
const pageOverflow = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow);

test.describe('panels', () => {
  test('footer buttons switch between the shopping list, the profile and the menu @phone', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    await page.goto('/pt-BR');
    const { footer, cart, menu, userTab } = shop;

    await test.step('the cart opens from the footer as a labelled modal dialog', async () => {
      await footer.cartButton.click();
      await expect(cart.dialog).toBeVisible();
      await expect(cart.dialog).toHaveAttribute('aria-modal', 'true');
      await expect(cart.dialog.getByRole('heading', { name: 'Lista de Compras' })).toBeVisible();
      await expect(footer.cartButton).toHaveAttribute('aria-expanded', 'true');
      expect(await focusIsInside(cart.dialog)).toBe(true);
      expect(await pageOverflow(page)).toBe('hidden');
    });

    await test.step('opening the profile closes the cart, and the reverse', async () => {
      await footer.userButton.click();
      await expect(userTab).toBeVisible();
      await expect(userTab.getByRole('heading', { name: 'Perfil' })).toBeVisible();
      await expect(cart.dialog).toBeHidden();
      await footer.cartButton.click();
      await expect(cart.dialog).toBeVisible();
      await expect(userTab).toBeHidden();
    });

    await test.step('Esc closes and gives focus back to the opener', async () => {
      await page.keyboard.press('Escape');
      await expect(cart.dialog).toBeHidden();
      await expect(footer.cartButton).toBeFocused();
      expect(await pageOverflow(page)).not.toBe('hidden');
    });

    await test.step('the footer closes the menu too', async () => {
      await menu.open();
      await footer.cartButton.click();
      await expect(cart.dialog).toBeVisible();
      await expect(menu.dialog).toBeHidden();
      await footer.userButton.click();
      await expect(userTab).toBeVisible();
      await expect(cart.dialog).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(userTab).toBeHidden();
      await expect(footer.userButton).toBeFocused();
    });

    await test.step('the menu gives focus back to its toggle', async () => {
      await menu.open();
      await page.keyboard.press('Escape');
      await expect(menu.dialog).toBeHidden();
      await expect(menu.openButton).toBeFocused();
    });
  });

  test('Tab stays inside an open panel; the close button and the backdrop close it', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('en');
    await page.goto('/en');
    await shop.menu.open();
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(shop.menu.dialog)).toBe(true);
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(shop.menu.dialog)).toBe(true);
    }
    await shop.menu.dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(shop.menu.dialog).toBeHidden();

    await shop.openCart();
    await expect(shop.cart.dialog.getByRole('heading', { name: 'Shopping List' })).toBeVisible();
    await page.mouse.click(10, 300);
    await expect(shop.cart.dialog).toBeHidden();
  });

  test('the profile tab slides in from the left; on /usuario the footer user button is current', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('en');
    await page.goto('/en');
    await expect(shop.footer.userButton).not.toHaveAttribute('aria-current', 'page');
    await shop.footer.userButton.click();
    await expect(shop.userTab.getByRole('heading', { name: 'Profile' })).toBeVisible();
    // The heading is visible while the 0.5 s slide is still under way: wait for it to settle.
    await expect.poll(async () => (await shop.userTab.boundingBox())?.x).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/en/usuario');
    await expect(shop.footer.userButton).toHaveAttribute('aria-current', 'page');
  });

  test('the footer bar offers shop, home and phone; privacy, terms and language on desktop @phone', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    await page.goto('/pt-BR/privacidade');
    const bar = shop.footer.bar;
    await expect(bar.getByRole('link', { name: /^Ligar para a loja/ })).toHaveAttribute(
      'href',
      /^tel:\+55/,
    );
    await expect(bar.getByRole('link', { name: 'Painel de Controle' })).toHaveCount(0);
    const phone = (page.viewportSize()?.width ?? 1280) < 768;
    for (const name of ['Privacidade', 'Termos', 'English']) {
      const link = bar.getByRole('link', { name, exact: true });
      if (phone) await expect(link).toBeHidden();
      else await expect(link).toBeVisible();
    }
    await bar.getByRole('link', { name: 'Loja', exact: true }).click();
    await expect(page).toHaveURL(/\/pt-BR#chocolates$/);
    await expect(page.getByRole('heading', { name: 'Nossos Chocolates' })).toBeInViewport();
    await page.goto('/pt-BR/termos-de-uso');
    await bar.getByRole('link', { name: 'Início', exact: true }).click();
    await expect(page).toHaveURL(/\/pt-BR$/);
  });

  test('the navbar has the logo and the landing sections on desktop', async ({ page, shopIn }) => {
    shopIn('pt-BR');
    await page.goto('/pt-BR/termos-de-uso');
    const header = page.getByRole('banner');
    const sections = header.getByRole('navigation', { name: 'Navegação principal' });
    for (const name of ['Quem Somos', 'Chocolates', 'Áreas de Atuação', 'Contato']) {
      await expect(sections.getByRole('link', { name })).toBeVisible();
    }
    await sections.getByRole('link', { name: 'Contato' }).click();
    await expect(page).toHaveURL(/\/pt-BR#contato$/);
    await header.getByRole('link', { name: 'Chocolates Tropicais, página inicial' }).click();
    await expect(page).toHaveURL(/\/pt-BR$/);
  });
});
