import { expect, SHOP_LOCALES, test } from './fixtures/shop';

test.describe('shopping list', () => {
  for (const locale of SHOP_LOCALES) {
    test(`add from product pages, change quantities, keep the list on reload and language switch (${locale}) @phone`, async ({
      page,
      shopIn,
      context,
    }) => {
      let shop = shopIn(locale);
      const pistache = shop.title('ovo-pistache');
      const mini = shop.title('mini-ovo');

      await test.step('add Ovo Pistache twice and Mini Ovo once from their pages', async () => {
        await shop.addFromProductPage('ovo-pistache', 2);
        await expect(shop.footer.badge).toHaveText('2');
        await shop.addFromProductPage('mini-ovo');
        await expect(shop.footer.badge).toHaveText('3');
      });

      await test.step('the list shows the lines and R$ 421,00', async () => {
        await shop.openCart();
        await expect(shop.cart.quantity(pistache)).toHaveText('2');
        await expect(shop.cart.quantity(mini)).toHaveText('1');
        await shop.cart.expectTotal('R$ 421,00');
        // Each line shows the product image (decorative: the title names the line).
        await expect(shop.cart.dialog.locator('img')).toHaveCount(2);
      });

      await test.step('+ and - change a line; decrementing Mini Ovo to 0 removes it', async () => {
        await shop.cart.increase(mini).click();
        await expect(shop.cart.quantity(mini)).toHaveText('2');
        await shop.cart.expectTotal('R$ 456,00');
        await shop.cart.decrease(mini).click();
        await shop.cart.decrease(mini).click();
        await expect(shop.cart.line(mini)).toHaveCount(0);
        await shop.cart.expectTotal('R$ 386,00');
        await expect(shop.footer.badge).toHaveText('2');
      });

      await test.step('a reload keeps the list', async () => {
        await page.reload();
        await expect(shop.footer.badge).toHaveText('2');
        await shop.openCart();
        await expect(shop.cart.quantity(pistache)).toHaveText('2');
        await shop.cart.expectTotal('R$ 386,00');
        await page.keyboard.press('Escape');
        await expect(shop.cart.dialog).toBeHidden();
      });

      await test.step('switching language keeps the path, query, hash and the list', async () => {
        await page.goto(`/${locale}/chocolates/ovo-pistache?ref=e2e#description-title`);
        // The list's texts are loaded in this language first: after the switch it must speak
        // the other one (a client-side navigation keeps the loaded panels).
        await shop.openCart();
        await page.keyboard.press('Escape');
        await expect(shop.cart.dialog).toBeHidden();
        shop = await shop.switchLanguage();
        const other = shop.locale;
        await expect(page).toHaveURL(
          new RegExp(`/${other}/chocolates/ovo-pistache\\?ref=e2e#description-title$`),
        );
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          shop.title('ovo-pistache'),
        );
        await expect(shop.footer.badge).toHaveText('2');
        await shop.openCart();
        await expect(shop.cart.quantity(shop.title('ovo-pistache'))).toHaveText('2');
        await shop.cart.expectTotal('R$ 386,00');
        const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
        expect(cookie?.value).toBe(other);
        expect(cookie?.sameSite).toBe('Lax');
        expect(cookie?.path).toBe('/');
        const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
        expect(days).toBeGreaterThan(360);
      });
    });
  }

  test('the clear button empties the list', async ({ shopIn }) => {
    const shop = shopIn('pt-BR');
    await shop.addFromProductPage('mini-ovo');
    await shop.openCart();
    await shop.cart.clearButton.click();
    await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
    await shop.cart.expectTotal('R$ 0,00');
    await expect(shop.footer.badge).toBeHidden();
    await expect(shop.cart.checkoutButton).toBeDisabled();
  });

  test('product cards on the landing page add to the list', async ({ page, shopIn }) => {
    const shop = shopIn('en');
    await page.goto('/en');
    await shop.addButton('mini-ovo').first().click();
    await expect(shop.footer.badge).toHaveText('1');
    await expect(
      page.getByRole('status').filter({ hasText: 'Mini Egg is in your shopping list.' }),
    ).toBeVisible();
  });

  test('a stale price stored in the browser never shows', async ({ page, shopIn }) => {
    const shop = shopIn('pt-BR');
    await page.addInitScript(() => {
      if (localStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('e2e-seeded', '1');
      localStorage.setItem(
        'chocolates-tropicais-cart',
        JSON.stringify({
          version: 1,
          state: {
            cartItems: [
              {
                id: 'ovo-pistache',
                quantity: 1,
                price: 1,
                variant: { key: 'default', name: 'default' },
              },
              { id: 'produto-removido', quantity: 4, variant: { key: 'default', name: 'default' } },
            ],
            cartTotal: 1,
          },
        }),
      );
    });
    await page.goto('/pt-BR');
    await expect(shop.footer.badge).toHaveText('1');
    await shop.openCart();
    await shop.cart.expectTotal('R$ 193,00');
    await expect(shop.cart.dialog.getByText('R$ 1,00')).toHaveCount(0);
  });
});
