import { expect, test } from '@playwright/test';
import { ADMIN, UserTab } from './fixtures/account';
import { skipIntro } from './fixtures/intro';

// Signing in from the control panel's redirect returns to the page asked for; a `next` that
// points anywhere else than a path of this shop leaves the admin on the landing page.

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

test('signed out, the stock page sends to sign in and back to the stock page @phone', async ({
  page,
}) => {
  await page.goto('/en/control-panel/stock');
  await expect(page).toHaveURL(/\/en\?.*next=%2Fen%2Fcontrol-panel%2Fstock/);
  const tab = new UserTab(page, 'en');
  await expect(tab.dialog).toBeVisible();
  await tab.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/en\/control-panel\/stock$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const next of ['https://evil.example', '//evil.example']) {
  test(`a next of ${next} lands on the landing page`, async ({ page }) => {
    await page.goto(`/pt-BR?login=1&next=${encodeURIComponent(next)}`);
    const tab = new UserTab(page, 'pt-BR');
    await expect(tab.dialog).toBeVisible();
    // The unsafe value is dropped from the address as soon as the tab opens.
    await expect(page).toHaveURL(/\/pt-BR$/);
    await tab.signIn(ADMIN.email, ADMIN.password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/pt-BR$/);
  });
}
