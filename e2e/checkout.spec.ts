import { expect, SHOP_LOCALES, test } from './fixtures/shop';

test.describe('checkout from the shopping list', () => {
  for (const locale of SHOP_LOCALES) {
    test(`disabled on an empty list; otherwise a new order reference each time (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const mini = shop.title('mini-ovo');

      await test.step('the checkout button is disabled while the list is empty', async () => {
        await page.goto(`/${locale}`);
        await shop.openCart();
        await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
        await expect(shop.cart.checkoutButton).toBeDisabled();
        await page.keyboard.press('Escape');
        await expect(shop.cart.dialog).toBeHidden();
      });

      const placeOrder = async () => {
        await shop.openCart();
        await expect(shop.cart.checkoutButton).toBeEnabled();
        await shop.cart.checkoutButton.click();
        await expect(shop.cart.dialog).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`/${locale}/checkout$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          shop.texts.checkoutHeading,
        );
        const reference = page.getByTestId('order-reference');
        await expect(reference).toHaveText(/^[0-9A-F]{12}$/);
        const main = page.getByRole('main');
        await expect(main.getByText(mini, { exact: true })).toBeVisible();
        await expect(main.getByText('R$ 35,00').first()).toBeVisible();
        // Signed out: the cart stays and the shopper is asked to sign in.
        await expect(
          main.getByRole('heading', { name: shop.texts.checkoutSignIn, level: 2 }),
        ).toBeVisible();
        return reference.textContent();
      };

      await shop.addButton('mini-ovo').first().click();
      const first = await test.step(
        'checkout lands on /checkout with an order reference',
        placeOrder,
      );

      const second = await test.step('a second checkout gets a different reference', async () => {
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`/${locale}$`));
        return placeOrder();
      });
      expect(second).not.toBe(first);
    });
  }

  test('a checkout page opened without an order says so', async ({ page, shopIn }) => {
    shopIn('pt-BR');
    await page.goto('/pt-BR/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finalizar pedido');
    await expect(page.getByText(/Nenhum pedido em andamento/)).toBeVisible();
    await expect(page.getByTestId('order-reference')).toHaveCount(0);
  });
});
