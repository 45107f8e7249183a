import type { Route } from '@playwright/test';
import { skipIntro } from './fixtures/intro';
import { expect, SHOP_LOCALES, test } from './fixtures/shop';

// Before the page's script has arrived, a tap on a panel's button is kept by the boot script
// (lib/boot-script.ts), shown as pending, and opens its panel once the script is in; links are
// plain links that work without it. On a throttled phone connection (100 KB/s, 1.5 s latency,
// Chromium's network emulation), with the page's script chunks held until the tap is made, so
// the tap is certainly before hydration whatever the machine's speed.

const THROTTLED = {
  offline: false,
  latency: 1_500,
  downloadThroughput: 100 * 1024,
  uploadThroughput: 100 * 1024,
};

for (const locale of SHOP_LOCALES) {
  test(`a tap on 'Perfil' before the page's script opens the user tab once it is in (${locale}) @phone`, async ({
    page,
    context,
    shopIn,
  }) => {
    test.setTimeout(120_000);
    const shop = shopIn(locale);
    await skipIntro(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLED);
    const held: Route[] = [];
    let holding = true;
    await page.route('**/_next/static/chunks/**', (route) =>
      holding ? void held.push(route) : route.continue(),
    );

    await page.goto(`/${locale}`, { waitUntil: 'commit' });
    await expect(shop.footer.userButton).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => (self as { shopReady?: number }).shopReady)).toBeUndefined();

    await shop.footer.userButton.click();
    // Taken, and shown to be on its way.
    await expect(shop.footer.userButton).toHaveAttribute('data-early-pending', '');
    await expect(shop.footer.userButton).toHaveAttribute('aria-busy', 'true');
    await expect(shop.userTab).toBeHidden();

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect(shop.userTab).toBeVisible({ timeout: 60_000 });
    await expect(shop.footer.userButton).not.toHaveAttribute('data-early-pending', '');
    await expect(shop.footer.userButton).toHaveAttribute('aria-expanded', 'true');
    // Once in, the button works as usual: a second tap closes the tab.
    await shop.footer.userButton.click();
    await expect(shop.userTab).toBeHidden();
  });
}

test("the footer's links are plain links that work before the page's script", async ({
  page,
  context,
  shopIn,
}) => {
  test.setTimeout(90_000);
  const shop = shopIn('pt-BR');
  await skipIntro(context);
  // No script chunk ever arrives: only the markup works.
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  await page.goto('/pt-BR/privacidade');
  await shop.footer.bar.getByRole('link', { name: 'Início' }).click();
  await expect(page).toHaveURL(/\/pt-BR$/);
  await expect(page.locator('#chocolates')).toBeAttached();
});
