import { expect, SHOP_LOCALES, TEXTS, test } from './fixtures/shop';

// Every removal from the list ('Esvaziar a lista', a line's bin, '-' at one unit) can be undone
// for a few seconds (components/cart/cart-undo.tsx).
const UNDO = {
  'pt-BR': {
    cleared: 'A lista foi esvaziada.',
    removed: (title: string) => `${title} saiu da lista.`,
    undo: 'Desfazer',
  },
  en: {
    cleared: 'The list was emptied.',
    removed: (title: string) => `${title} was removed from the list.`,
    undo: 'Undo',
  },
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

  for (const locale of SHOP_LOCALES) {
    test(`removing one line, by its bin or by '-' at one unit, can be undone (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const u = UNDO[locale];
      const t = TEXTS[locale];
      const pistache = shop.title('ovo-pistache');
      const mini = shop.title('mini-ovo');
      await page.clock.install();
      await shop.addFromProductPage('ovo-pistache', 2);
      await shop.addFromProductPage('mini-ovo');
      await shop.openCart();
      const undo = shop.cart.dialog.getByRole('button', { name: u.undo, exact: true });
      const lines = shop.cart.dialog.getByRole('listitem');

      await test.step("the bin: the line goes, 'Desfazer' puts it back in its place", async () => {
        await shop.cart.dialog.getByRole('button', { name: t.remove(pistache) }).click();
        await expect(
          shop.cart.dialog.getByRole('status').filter({ hasText: u.removed(pistache) }),
        ).toBeVisible();
        await expect(shop.cart.line(pistache)).toHaveCount(0);
        await expect(shop.footer.badge).toHaveText('1');
        await undo.click();
        await expect(shop.cart.quantity(pistache)).toHaveText('2');
        await expect(lines.first()).toContainText(pistache);
        await expect(shop.footer.badge).toHaveText('3');
        await expect(undo).toBeHidden();
      });

      await test.step("'-' at one unit removes the line, undoable too, until the offer lapses", async () => {
        await shop.cart.decrease(mini).click();
        await expect(
          shop.cart.dialog.getByRole('status').filter({ hasText: u.removed(mini) }),
        ).toBeVisible();
        await expect(shop.cart.line(mini)).toHaveCount(0);
        await undo.click();
        await expect(shop.cart.quantity(mini)).toHaveText('1');
        await shop.cart.decrease(mini).click();
        await expect(undo).toBeVisible();
        await page.clock.fastForward(UNDO_WINDOW_MS + 500);
        await expect(undo).toBeHidden();
        await expect(shop.cart.line(mini)).toHaveCount(0);
        await expect(shop.footer.badge).toHaveText('2');
      });
    });
  }
});
