import { expect, test as base } from '@playwright/test';
import { SHOP_LOCALES, test } from './fixtures/shop';

base.describe('intro splash', () => {
  base(
    'shows the logo for about a second, blocks scrolling, and only once per visit @phone',
    async ({ page }) => {
      const splash = page.getByTestId('splash');
      const started = Date.now();
      await page.goto('/pt-BR', { waitUntil: 'commit' });
      await expect(splash).toBeVisible();
      await expect(splash.locator('svg[aria-label="Chocolates Tropicais"]')).toBeVisible();

      // While it shows, the page does not move.
      await page.mouse.move(100, 300);
      await page.mouse.wheel(0, 800);
      await page.keyboard.press('PageDown');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(splash).toBeVisible();

      await expect(splash).toBeHidden({ timeout: 4000 });
      const shownFor = Date.now() - started;
      expect(shownFor).toBeGreaterThanOrEqual(900);
      expect(shownFor).toBeLessThan(4000);

      // Afterwards the page scrolls again.
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // Same visit: no splash on the next page.
      await page.goto('/pt-BR/chocolates/mini-ovo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini Ovo');
      await expect(splash).toBeHidden();
    },
  );

  base('is gone after a second without fading when motion is reduced', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const splash = page.getByTestId('splash');
    await page.goto('/en', { waitUntil: 'commit' });
    await expect(splash).toBeVisible();
    expect(await splash.evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'none',
    );
    await expect(splash).toBeHidden({ timeout: 3000 });
  });

  base('is not in the way without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pt-BR');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await context.close();
  });
});

test.describe('menu search', () => {
  for (const locale of SHOP_LOCALES) {
    test(`finds products as you type and opens the product page (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const pistache = shop.title('ovo-pistache');
      await page.goto(`/${locale}`);
      await shop.menu.open();
      await expect(shop.menu.search).toBeFocused();

      await shop.menu.search.fill(locale === 'en' ? 'pistachio' : 'pistache');
      await expect(shop.menu.result(pistache)).toBeVisible();
      await shop.menu.result(pistache).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/chocolates/ovo-pistache$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pistache);
      await expect(shop.menu.dialog).toBeHidden();
    });
  }

  test('ignores accents and searches categories and types', async ({ page, shopIn }) => {
    const shop = shopIn('pt-BR');
    await page.goto('/pt-BR');
    await shop.menu.open();
    await shop.menu.search.fill('pascoa');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText('11 chocolates encontrados');
    await expect(shop.menu.result('Ovo Tropical Paraná')).toBeVisible();
    await shop.menu.search.fill('barras');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText('6 chocolates encontrados');
    await shop.menu.search.fill('nada disso');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText('Nenhum chocolate encontrado');
  });

  test('lists the site pages, privacy and terms included', async ({ page, shopIn }) => {
    const shop = shopIn('en');
    await page.goto('/en');
    await shop.menu.open();
    const pages = shop.menu.dialog.getByRole('navigation', { name: 'Site pages' });
    for (const name of ['Home', 'About Us', 'Chocolates', 'Contact', 'Privacy', 'Terms of Use']) {
      await expect(pages.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await pages.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/en\/termos-de-uso$/);
    await expect(shop.menu.dialog).toBeHidden();
  });
});
