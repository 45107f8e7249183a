import { expect, test } from './fixtures/shop';

test.describe('color mode', () => {
  test('follows the system at first, then the toggle, remembered across reloads', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/pt-BR');
    await expect(html).toHaveClass(/\bdark\b/);

    await shop.menu.open();
    await expect(shop.menu.darkMode).toHaveAttribute('aria-checked', 'true');
    await shop.menu.darkMode.click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(shop.menu.darkMode).toHaveAttribute('aria-checked', 'false');

    // The choice beats the system setting, from the very first paint of the next load.
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('body');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await shop.menu.open();
    await shop.menu.darkMode.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto('/en');
    await expect(html).toHaveClass(/\bdark\b/);
  });

  test('a light system gives the light theme', async ({ page, shopIn }) => {
    shopIn('en');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/en');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});
