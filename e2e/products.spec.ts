import { expect, test } from './fixtures/test';
import { SPEC_PRODUCTS } from './fixtures/spec-catalogue';

test.describe('product pages', () => {
  test('/pt-BR/chocolates/ovo-pistache shows the name, price and weight', async ({ page }) => {
    await page.goto('/pt-BR/chocolates/ovo-pistache');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ovo Pistache');
    await expect(page.getByText('R$ 193,00', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('400g', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ingredientes' })).toBeVisible();
    await expect(page.getByTestId('availability')).toHaveText('Em estoque');
  });

  for (const locale of ['pt-BR', 'en'] as const) {
    test(`every product page shows its specified price and weight (${locale})`, async ({
      page,
    }) => {
      // 18 pages in one test: 33-40 s on a loaded 2-core machine, near the default 45 s.
      test.setTimeout(120_000);
      for (const spec of SPEC_PRODUCTS) {
        const title = locale === 'pt-BR' ? spec.ptTitle : spec.enTitle;
        const response = await page.goto(`/${locale}/chocolates/${spec.key}`);
        expect(response?.status(), spec.key).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        const details = page.getByRole('article');
        await expect(details.getByText(spec.price, { exact: true })).toBeVisible();
        await expect(details.getByText(spec.weight, { exact: true })).toBeVisible();
      }
    });
  }

  test('the gallery switches between the product images', async ({ page }) => {
    await page.goto('/en/chocolates/ovo-tropical-rio');
    const gallery = page.getByRole('region', { name: 'Image gallery' });
    const main = gallery.getByRole('img').first();
    const firstSrc = await main.getAttribute('src');
    await gallery.getByRole('button', { name: 'Show image 2' }).click();
    await expect(gallery.getByRole('button', { name: 'Show image 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main).not.toHaveAttribute('src', firstSrc ?? '');
  });

  test('an unknown product is a real 404 with a localized page', async ({ page, request }) => {
    const response = await request.get('/pt-BR/chocolates/nao-existe');
    expect(response.status()).toBe(404);
    await page.goto('/pt-BR/chocolates/nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();

    await page.goto('/en/chocolates/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('unknown pages under a locale are 404 too', async ({ request }) => {
    expect((await request.get('/en/no-such-page')).status()).toBe(404);
    expect((await request.get('/pt-BR/expertise/no-such-area')).status()).toBe(404);
  });
});
