import type { Page } from '@playwright/test';
import { expect, SHOP_LOCALES, test, type ShopLocale } from './fixtures/shop';

// A slide-in panel's code and texts arrive when the visitor shows intent
// (components/layout/lazy-panels.tsx). When either cannot be loaded (a phone offline, a
// deployment that replaced the build) the panel says so in its own place and offers another try;
// the page around it goes on working.

const FAILED = {
  'pt-BR': {
    message: 'Não foi possível abrir. Verifique sua conexão e tente de novo.',
    retry: 'Tentar de novo',
    outdated: 'A loja foi atualizada. Recarregue a página para abrir.',
    reload: 'Recarregar a página',
    close: 'Fechar',
  },
  en: {
    message: "Couldn't open this. Check your connection and try again.",
    retry: 'Try again',
    outdated: 'The shop has been updated. Reload the page to open this.',
    reload: 'Reload the page',
    close: 'Close',
  },
} as const;

const PANEL_TEXTS = '**/api/messages/**';
const CHUNKS = '**/_next/static/chunks/**';

/** The landing page, hydrated and with every chunk of its first load in. */
async function openLanding(page: Page, locale: ShopLocale) {
  await page.goto(`/${locale}`);
  await page.waitForLoadState('networkidle');
}

/** The page outside the panel still works: a product goes into the list. */
async function expectPageWorks(page: Page, locale: ShopLocale) {
  const shop = { 'pt-BR': 'Adicionar à lista: Mini Ovo', en: 'Add to list: Mini Egg' }[locale];
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('button', { name: shop }).first().click();
}

for (const locale of SHOP_LOCALES) {
  const t = FAILED[locale];

  test.describe(`a panel that cannot load (${locale})`, () => {
    test(`the shopping list's texts fail: it says so, the page works, 'retry' opens it (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await page.route(PANEL_TEXTS, (route) => route.abort('internetdisconnected'));
      await openLanding(page, locale);

      await shop.footer.cartButton.click();
      const failure = page.getByTestId('panel-load-failed');
      await expect(failure.getByRole('alert')).toHaveText(t.message);
      await expect(shop.cart.dialog).toHaveCount(0);

      await expectPageWorks(page, locale);
      await expect(shop.footer.badge).toHaveText('1');

      await page.unroute(PANEL_TEXTS);
      await failure.getByRole('button', { name: t.retry }).click();
      await expect(shop.cart.dialog).toBeVisible();
      await expect(
        shop.cart.dialog.getByRole('heading', { name: shop.texts.cartTitle }),
      ).toBeVisible();
      await expect(shop.cart.line(shop.title('mini-ovo'))).toHaveCount(1);
      await expect(failure).toHaveCount(0);
    });

    test(`the menu's code fails: it says so, 'retry' loads it (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await openLanding(page, locale);
      // Every chunk the page has is in; the menu's own is asked for only now.
      await page.route(CHUNKS, (route) => route.abort('internetdisconnected'));

      await shop.menu.openButton.click();
      const failure = page.getByTestId('panel-load-failed');
      await expect(failure.getByRole('alert')).toHaveText(t.message);
      await expect(shop.menu.dialog).toHaveCount(0);

      // 'Fechar' gives the page back; opening again tries again (still blocked: same message).
      await failure.getByRole('button', { name: t.close }).click();
      await expect(failure).toHaveCount(0);
      await expectPageWorks(page, locale);
      await shop.menu.openButton.click();
      await expect(failure.getByRole('alert')).toHaveText(t.message);

      await page.unroute(CHUNKS);
      await failure.getByRole('button', { name: t.retry }).click();
      await expect(shop.menu.dialog).toBeVisible();
      await shop.menu.search.fill(locale === 'en' ? 'pistachio' : 'pistache');
      await expect(shop.menu.result(shop.title('ovo-pistache'))).toBeVisible();
    });

    test(`a panel asked for on intent while offline loads when opened later (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await page.route(PANEL_TEXTS, (route) => route.abort('internetdisconnected'));
      await openLanding(page, locale);
      // The list's code is slow to come: the click below lands before it, with the texts' failure
      // known but not yet shown (the race a phone coming back online meets).
      await page.route(CHUNKS, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      // Pointing at the button asks for the list's code and texts before any click.
      const failed = page.waitForEvent('requestfailed', (request) =>
        request.url().includes('/api/messages/'),
      );
      await shop.footer.cartButton.hover();
      await failed;

      await page.unroute(PANEL_TEXTS);
      await shop.footer.cartButton.click();
      await expect(shop.cart.dialog).toBeVisible();
      await expect(page.getByTestId('panel-load-failed')).toHaveCount(0);
    });

    test(`texts of another build (a deployment): it says the shop was updated and reloads (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      // What the server answers for the texts of a build it no longer serves.
      await page.route(PANEL_TEXTS, (route) =>
        route.fulfill({ status: 404, json: { error: 'not-found' } }),
      );
      await openLanding(page, locale);

      await shop.footer.userButton.click();
      const failure = page.getByTestId('panel-load-failed');
      await expect(failure.getByRole('alert')).toHaveText(t.outdated);

      await page.unroute(PANEL_TEXTS);
      await Promise.all([
        page.waitForEvent('load'),
        failure.getByRole('button', { name: t.reload }).click(),
      ]);
      await shop.footer.userButton.click();
      await expect(shop.userTab).toBeVisible();
      await expect(
        shop.userTab.getByRole('heading', { name: shop.texts.userTabTitle }),
      ).toBeVisible();
    });

    test(`code of a build no longer served, its texts already in: it says the shop was updated (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      await openLanding(page, locale);
      // A deployment happened: the texts still arrive (from a cache, here the first answer) but
      // the menu's chunk is gone, and the server asked again no longer knows this build.
      let textRequests = 0;
      await page.route(PANEL_TEXTS, (route) =>
        textRequests++ === 0
          ? route.continue()
          : route.fulfill({ status: 404, json: { error: 'not-found' } }),
      );
      await page.route(CHUNKS, (route) => route.fulfill({ status: 404, body: 'gone' }));

      await shop.menu.openButton.click();
      const failure = page.getByTestId('panel-load-failed');
      await expect(failure.getByRole('alert')).toHaveText(t.outdated);
      await expect(failure.getByRole('button', { name: t.reload })).toBeVisible();
      expect(textRequests).toBe(2);
    });
  });
}
