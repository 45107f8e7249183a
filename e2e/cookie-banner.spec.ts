import { expect, test } from './fixtures/test';
import { skipIntro } from './fixtures/intro';

test.describe('cookie banner', () => {
  test.beforeEach(async ({ page }) => {
    await skipIntro(page, { cookieBanner: false });
  });

  test('absent on the privacy and terms pages, shown elsewhere until dismissed @phone', async ({
    page,
  }) => {
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });

    await page.goto('/pt-BR/privacidade');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    await expect(banner).toBeHidden();
    await page.goto('/pt-BR/termos-de-uso');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Termos de Uso');
    await expect(banner).toBeHidden();

    await page.goto('/pt-BR/chocolates/mini-ovo');
    await expect(banner).toBeVisible();
    await page.goto('/pt-BR');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Entendi' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie'))).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/en');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
  });

  test('shown to a visitor whose first page is a 404, and on the pages after it', async ({
    page,
  }) => {
    // Next renders a 404 in the browser, where the layout's boot script does not run.
    await page.goto('/pt-BR/nao-existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(banner).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Entendi' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie'))).toBe('true');
  });

  test('its privacy link fetches the privacy page on the click, not during each page load @phone', async ({
    page,
  }) => {
    const privacyFetches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/pt-BR/privacidade')
        privacyFetches.push(request.url());
    });
    await page.goto('/pt-BR');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(banner).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(privacyFetches).toEqual([]);

    await banner.getByRole('link', { name: 'Leia a política de privacidade' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    expect(privacyFetches.length).toBeGreaterThan(0);
  });

  test('is in English on English pages', async ({ page }) => {
    await page.goto('/en');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute(
      'href',
      '/en/privacidade',
    );
    await banner.getByRole('button', { name: 'Got it' }).click();
    await expect(banner).toBeHidden();
  });
});
