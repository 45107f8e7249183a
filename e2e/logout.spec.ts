import { AccountScreen, UserTab } from './fixtures/account';
import { createShopper } from './fixtures/checkout';
import type { Page } from '@playwright/test';
import { expect, SHOP_LOCALES, test, type ShopLocale } from './fixtures/shop';

// Signing out shows 'signed out' at once; the session's revocation (DELETE /api/session) and the
// Firebase sign-out finish in the background (components/user/logout-button.tsx).

declare global {
  interface Window {
    logoutToSignedOutMs?: Promise<number>;
  }
}

/** The landing's user tab, open, with `shopper` signed in through it. */
async function signedInTab(
  page: Page,
  locale: ShopLocale,
  shopper: { email: string; password: string; name: string },
): Promise<UserTab> {
  const tab = new UserTab(page, locale);
  await page.goto(`/${locale}`);
  await tab.open();
  await tab.signIn(shopper.email, shopper.password);
  await tab.expectSignedIn(shopper.name);
  return tab;
}

test.describe('signing out', () => {
  for (const locale of SHOP_LOCALES) {
    test(`the user tab shows signed out at once; the session is revoked behind it (${locale})`, async ({
      page,
    }) => {
      const shopper = await createShopper('logout');
      const tab = await signedInTab(page, locale, shopper);

      // Click to the logout button leaving the page, timed in the page itself.
      await tab.logoutButton.evaluate((button) => {
        window.logoutToSignedOutMs = new Promise<number>((resolve) => {
          button.addEventListener(
            'click',
            () => {
              const start = performance.now();
              const observer = new MutationObserver(() => {
                if (button.isConnected) return;
                observer.disconnect();
                resolve(performance.now() - start);
              });
              observer.observe(document.body, { childList: true, subtree: true });
            },
            { capture: true, once: true },
          );
        });
      });
      const revoked = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/session') && response.request().method() === 'DELETE',
      );
      await tab.logoutButton.click();
      await expect(tab.logoutButton).toBeHidden();
      await expect(tab.profileName).toBeHidden();
      const ms = await page.evaluate(() => window.logoutToSignedOutMs);
      test.info().annotations.push({
        type: 'logout click to signed-out UI (ms)',
        description: String(ms),
      });
      console.log(`logout click to signed-out UI (${locale}): ${ms?.toFixed(1)} ms`);

      expect((await revoked).status()).toBe(200);
      await tab.expectSignedOut();
      // The cookie really is gone: a fresh page knows no one.
      await page.reload();
      await tab.open();
      await tab.expectSignedOut();
      await expect(tab.profileName).toHaveCount(0);
    });
  }

  test('leaving the page right after the click still signs out', async ({ page, context }) => {
    const shopper = await createShopper('logout-leave');
    const tab = await signedInTab(page, 'pt-BR', shopper);

    // The click and a navigation in one task, as when the shopper signs out and at once opens a
    // bookmark: the revocation must outlive the page that sent it. The request is held until the
    // next page is in, so that it is still under way when the page that sent it goes.
    const left = page.waitForURL('**/pt-BR/privacidade');
    await page.route('**/api/session', async (route) => {
      if (route.request().method() === 'DELETE') await left;
      await route.continue();
    });
    await tab.logoutButton.evaluate((button: HTMLElement) => {
      button.click();
      // A full page load is the point here, not a client-side navigation.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/pt-BR/privacidade');
    });
    await left;
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === '__session'), {
        timeout: 10_000,
      })
      .toBe(false);
    await page.goto('/pt-BR/usuario');
    await new AccountScreen(page, 'pt-BR', page.getByRole('main')).expectSignedOut();
  });
});
