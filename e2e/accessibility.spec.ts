import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNT_TEXTS, UserTab } from './fixtures/account';
import { createOrder, uniqueOrderId } from './fixtures/control-panel';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { Shop, SHOP_LOCALES, type ShopLocale } from './fixtures/shop';

// Every page type in both languages, on desktop and (the @phone project) on a phone, with each
// panel open: axe-core with the WCAG 2.0-2.2 A/AA rules plus its best practices. One test per
// group of pages, each scanning many pages in one browser context; the signed-in groups reuse one
// storage state per account and worker.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

type Violations = string[];

async function scan(page: Page, where: string, found: Violations): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name) is still 'experimental' in axe, so not among the tagged rules.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze();
  for (const violation of violations) {
    const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
    found.push(`${where}: ${violation.id} (${violation.nodes.length}) ${nodes.join(' | ')}`);
  }
}

/** Opens `path` and waits until the page (and its fonts) settled, then scans it. */
async function visit(page: Page, path: string, found: Violations, heading?: RegExp | string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await scan(page, path, found);
}

const accounts: Partial<Record<'shopper' | 'admin', { uid: string; state: unknown }>> = {};

/** Signs a fresh account in once per worker through the user tab and keeps its storage state. */
async function signedInState(browser: Browser, role: 'shopper' | 'admin', baseURL: string) {
  const cached = accounts[role];
  if (cached) return cached;
  const email = uniqueEmail(`axe-${role}`);
  const password = 'acessivel-chocolate-1';
  const uid = await createUserWithRecord(email, password, {
    isAdmin: role === 'admin',
    telephone: '+55 11 91234-5678',
  });
  const context = await browser.newContext({ baseURL });
  await skipIntro(context);
  const page = await context.newPage();
  await page.goto('/pt-BR');
  const tab = new UserTab(page, 'pt-BR');
  await tab.open();
  await tab.signIn(email, password);
  await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  const entry = { uid, state };
  accounts[role] = entry;
  return entry;
}

async function scanPanels(page: Page, locale: ShopLocale, where: string, found: Violations) {
  const shop = new Shop(page, locale);
  await shop.openCart();
  await scan(page, `${where} + cart`, found);
  await page.keyboard.press('Escape');
  await expect(shop.cart.dialog).toBeHidden();

  await shop.menu.open();
  await scan(page, `${where} + menu`, found);
  await page.keyboard.press('Escape');
  await expect(shop.menu.dialog).toBeHidden();

  await shop.footer.userButton.click();
  await expect(shop.userTab).toBeVisible();
  await expect(shop.userTab.getByRole('button', { name: /./ }).first()).toBeVisible();
  await scan(page, `${where} + user tab`, found);
  await page.keyboard.press('Escape');
  await expect(shop.userTab).toBeHidden();
}

for (const locale of SHOP_LOCALES) {
  const legal = { privacy: '/privacidade', terms: '/termos-de-uso' };

  test(`public pages and panels have no axe violations (${locale}) @phone`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await skipIntro(context);
    const found: Violations = [];
    const shop = new Shop(page, locale);

    await visit(page, `/${locale}`, found);
    // A line in the cart, so the open cart shows its controls too.
    await shop.addButton('ovo-pistache').first().click();
    await scanPanels(page, locale, `/${locale}`, found);

    await visit(page, `/${locale}/chocolates/ovo-pistache`, found, shop.title('ovo-pistache'));
    await visit(page, `/${locale}${legal.privacy}`, found);
    await visit(page, `/${locale}${legal.terms}`, found);
    await visit(page, `/${locale}/expertise/contratos`, found);
    await visit(page, `/${locale}/checkout`, found);
    await visit(page, `/${locale}/nao-existe`, found);

    expect(found).toEqual([]);
  });

  test(`signed-in shopper pages have no axe violations (${locale}) @phone`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { uid, state } = await signedInState(browser, 'shopper', baseURL!);
    const orderID = uniqueOrderId('AXE');
    await createOrder(orderID, uid, { locale });
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL,
      storageState: state as never,
    });
    await skipIntro(context);
    const page = await context.newPage();
    const found: Violations = [];

    await visit(page, `/${locale}/checkout`, found);
    await visit(page, `/${locale}/checkout/${orderID}`, found);
    await visit(page, `/${locale}/usuario`, found);
    // A shopper asking for the control panel gets the 403 page.
    await visit(page, `/${locale}/control-panel`, found);
    await visit(page, `/${locale}`, found);
    const userTab = new UserTab(page, locale);
    await userTab.open();
    await expect(userTab.logoutButton).toBeVisible({ timeout: 15_000 });
    await scan(page, `/${locale} + user tab (${ACCOUNT_TEXTS[locale].logout})`, found);

    await context.close();
    expect(found).toEqual([]);
  });

  test(`control panel pages have no axe violations (${locale}) @phone`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { state } = await signedInState(browser, 'admin', baseURL!);
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL,
      storageState: state as never,
    });
    await skipIntro(context);
    const page = await context.newPage();
    const found: Violations = [];

    await visit(page, `/${locale}/control-panel`, found);
    await visit(page, `/${locale}/control-panel/stock`, found);

    await context.close();
    expect(found).toEqual([]);
  });
}
