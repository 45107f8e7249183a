import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

const activeSlide = (page: Page) =>
  page.locator('[aria-roledescription="slide"][data-active="true"]').getAttribute('aria-label');

test.describe('landing page', () => {
  test('has the four section anchors, contact details and the 2024 copyright (pt-BR)', async ({
    page,
  }) => {
    await page.goto('/pt-BR');
    for (const id of ['quem-somos', 'chocolates', 'contato', 'areas-de-atuacao']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nossos Chocolates' })).toBeVisible();
    const contact = page.locator('#contato');
    await expect(contact.getByText('Segunda a sexta')).toBeVisible();
    await expect(contact.getByText('09:00-12:00')).toBeVisible();
    await expect(contact.getByText('13:00-18:00')).toBeVisible();
    await expect(contact.getByRole('link', { name: /Ligar para a loja/ })).toHaveAttribute(
      'href',
      /^tel:\+55/,
    );
    await expect(page.getByText(/© 2024/)).toBeVisible();
  });

  test('lists the products by category and type (en)', async ({ page }) => {
    await page.goto('/en');
    const products = page.locator('#chocolates');
    await expect(products.getByRole('heading', { name: 'Easter', exact: true })).toBeVisible();
    await expect(products.getByRole('heading', { name: 'Classics', exact: true })).toBeVisible();
    for (const type of ['Truffled Eggs', 'Eggs with Chunks', 'Mini Eggs', 'Bars']) {
      await expect(products.getByRole('heading', { name: new RegExp(`^${type}`) })).toBeVisible();
    }
    await expect(products.getByText('R$ 193,00').first()).toBeVisible();
    await products.getByRole('link', { name: 'View Pistachio Egg' }).first().click();
    await expect(page).toHaveURL(/\/en\/chocolates\/ovo-pistache$/);
  });

  test('four banners rotate on their own and can be paused', async ({ page }) => {
    // The page's clock is driven by the test: 'on their own' and 'stays' need no real waiting.
    await page.clock.install();
    await page.goto('/pt-BR');
    await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    const first = await activeSlide(page);
    expect(first).toBe('Destaque 1 de 4');
    await page.clock.runFor(5_000);
    await expect.poll(() => activeSlide(page)).toBe('Destaque 2 de 4');

    await page.getByRole('button', { name: 'Pausar rotação' }).click();
    await page.mouse.move(0, 0);
    const paused = await activeSlide(page);
    await page.clock.runFor(20_000);
    expect(await activeSlide(page)).toBe(paused);
    await expect(page.getByRole('button', { name: 'Retomar rotação' })).toBeVisible();

    await page.getByRole('button', { name: 'Próximo destaque' }).click();
    expect(await activeSlide(page)).not.toBe(paused);
  });

  test('banners do not rotate by themselves when the visitor prefers reduced motion', async ({
    page,
  }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en');
    await expect(page.getByRole('button', { name: 'Resume rotation' })).toBeVisible();
    await page.clock.runFor(20_000);
    expect(await activeSlide(page)).toBe('Highlight 1 of 4');
  });

  test('template leftovers are marked as placeholder content', async ({ page }) => {
    await page.goto('/en/expertise/contratos');
    await expect(page.getByRole('heading', { level: 1, name: 'Contracts' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Placeholder text');
    await page.goto('/pt-BR/privacidade');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
    await page.goto('/pt-BR/termos-de-uso');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  });
});
