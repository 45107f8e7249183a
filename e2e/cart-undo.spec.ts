import { expect, SHOP_LOCALES, test } from './fixtures/shop';

// 'Esvaziar a lista' can be undone for a few seconds (components/cart/cart-panel-body.tsx).
const UNDO = {
  'pt-BR': { cleared: 'A lista foi esvaziada.', undo: 'Desfazer' },
  en: { cleared: 'The list was emptied.', undo: 'Undo' },
} as const;
const UNDO_WINDOW_MS = 6_000;

test.describe('clearing the shopping list', () => {
  for (const locale of SHOP_LOCALES) {
    test(`can be undone for a few seconds, then no more (${locale})`, async ({ page, shopIn }) => {
      const shop = shopIn(locale);
      const u = UNDO[locale];
      const pistache = shop.title('ovo-pistache');
      const mini = shop.title('mini-ovo');
      // The page's timers run on Playwright's clock: the window closes on fastForward, not on a wait.
      await page.clock.install();
      await shop.addFromProductPage('ovo-pistache', 2);
      await shop.addFromProductPage('mini-ovo');
      await expect(shop.footer.badge).toHaveText('3');
      await shop.openCart();
      const undo = shop.cart.dialog.getByRole('button', { name: u.undo, exact: true });

      await test.step('clear, then undo: both lines come back', async () => {
        await shop.cart.clearButton.click();
        await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
        await expect(
          shop.cart.dialog.getByRole('status').filter({ hasText: u.cleared }),
        ).toBeVisible();
        await expect(shop.footer.badge).toBeHidden();
        await undo.click();
        await expect(shop.cart.quantity(pistache)).toHaveText('2');
        await expect(shop.cart.quantity(mini)).toHaveText('1');
        await expect(shop.footer.badge).toHaveText('3');
        await expect(undo).toBeHidden();
        await expect(shop.cart.checkoutButton).toBeEnabled();
      });

      await test.step('clear again and let the offer lapse: the list stays empty', async () => {
        await shop.cart.clearButton.click();
        await expect(undo).toBeVisible();
        await page.clock.fastForward(UNDO_WINDOW_MS - 1_000);
        await expect(undo).toBeVisible();
        await page.clock.fastForward(1_500);
        await expect(undo).toBeHidden();
        await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
        await expect(shop.footer.badge).toBeHidden();
      });
    });
  }
});
