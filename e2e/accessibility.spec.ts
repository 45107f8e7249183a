import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNT_TEXTS, UserTab } from './fixtures/account';
import { createOrder, uniqueOrderId } from './fixtures/control-panel';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { Shop, SHOP_LOCALES, type ShopLocale } from './fixtures/shop';

// Every page type in both languages, each with its panels open, in four looks: axe-core with the
// WCAG 2.0-2.2 A/AA rules plus its best practices on the desktop and on a 390x844 phone in the
// light theme, then the rules that read colours in the dark theme at both sizes. Each page is
// loaded once and changed in place: the phone layout follows the width alone (no pointer or hover
// query decides what is shown), and the dark theme follows the system setting live
// (components/providers/ui-store-provider.tsx), changing only colours. One test per group of
// pages and language, each scanning a few pages in one browser context; the signed-in groups
// reuse one storage state per account and worker.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

type Violations = string[];

type Theme = 'light' | 'dark';

/**
 * Opens one page in a new context, runs `scans` on it and fails on any violation they found.
 */
async function scanInContext(
  browser: Browser,
  baseURL: string,
  storageState: unknown,
  scans: (page: Page, found: Violations) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    ...test.info().project.use,
    baseURL,
    colorScheme: 'light',
    storageState: storageState as never,
  });
  await skipIntro(context);
  const page = await context.newPage();
  const found: Violations = [];
  await scans(page, found);
  await context.close();
  expect(found).toEqual([]);
}

/** The rules whose outcome depends on the colours, and so on the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Scans the page with every tagged rule, or with `rules` only. */
async function scan(page: Page, where: string, found: Violations, rules?: string[]) {
  // Legacy mode runs axe.run in the page itself; the default finishes every scan in a new blank
  // page, which made each scan about twice as slow here (the landing 5.8 s against 3.1 s). What
  // legacy mode gives up is results from cross-origin frames, and these pages have no frame.
  expect(page.frames(), `${where}: a frame appeared; scan it without legacy mode`).toHaveLength(1);
  // Only violations are reported in full: axe then builds no selectors for the many nodes that
  // pass (the eight tests took 274 s of test time against 314 s).
  const resultTypes: ('violations' | 'passes' | 'incomplete' | 'inapplicable')[] = ['violations'];
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (rules) axe.options({ resultTypes }).withRules(rules);
  // WCAG 2.5.3 (label in name) is still 'experimental' in axe, so not among the tagged rules.
  else {
    axe
      .options({ resultTypes, rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(TAGS);
  }
  const { violations } = await axe.analyze();
  for (const violation of violations) {
    const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
    found.push(`${where}: ${violation.id} (${violation.nodes.length}) ${nodes.join(' | ')}`);
  }
}

const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * Dark comes from the system setting (no choice is saved), which puts the same `dark` class on
 * <html> as the menu's switch; the class is checked, so a scan never silently runs light.
 */
async function switchTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

/**
 * Scans the page as it is in the four looks (see the top comment) and leaves it as it was: light
 * on the desktop.
 */
async function scanLooks(page: Page, where: string, found: Violations) {
  const desktop = page.viewportSize()!;
  await scan(page, where, found);
  await page.setViewportSize(PHONE_VIEWPORT);
  await scan(page, `${where} [390x844]`, found);
  await switchTheme(page, 'dark');
  await scan(page, `${where} [390x844, dark]`, found, COLOUR_RULES);
  await page.setViewportSize(desktop);
  await scan(page, `${where} [dark]`, found, COLOUR_RULES);
  await switchTheme(page, 'light');
}

/** Opens `path` and waits until the page (and its fonts) settled, then scans it. */
async function visit(page: Page, path: string, found: Violations, heading?: RegExp | string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await scanLooks(page, path, found);
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
  await scanLooks(page, `${where} + cart`, found);
  await page.keyboard.press('Escape');
  await expect(shop.cart.dialog).toBeHidden();

  await shop.menu.open();
  await scanLooks(page, `${where} + menu`, found);
  await page.keyboard.press('Escape');
  await expect(shop.menu.dialog).toBeHidden();

  await shop.footer.userButton.click();
  await expect(shop.userTab).toBeVisible();
  await expect(shop.userTab.getByRole('button', { name: /./ }).first()).toBeVisible();
  await scanLooks(page, `${where} + user tab`, found);
  await page.keyboard.press('Escape');
  await expect(shop.userTab).toBeHidden();
}

// Each test scans a few pages in four looks, and a scan takes 1-3 s (the landing's about 3 s).
test.describe.configure({ timeout: 240_000 });

for (const locale of SHOP_LOCALES) {
  const legal = { privacy: '/privacidade', terms: '/termos-de-uso' };

  test(`the landing and its panels have no axe violations (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    await scanInContext(browser, baseURL!, undefined, async (page, found) => {
      const shop = new Shop(page, locale);
      await visit(page, `/${locale}`, found);
      // A line in the cart, so the open cart shows its controls too.
      await shop.addButton('ovo-pistache').first().click();
      await scanPanels(page, locale, `/${locale}`, found);
    });
  });

  test(`the other public pages have no axe violations (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    await scanInContext(browser, baseURL!, undefined, async (page, found) => {
      const shop = new Shop(page, locale);
      const product = shop.title('ovo-pistache');
      await visit(page, `/${locale}/chocolates/ovo-pistache`, found, product);
      // A line in the cart, so the checkout shows its order summary.
      await shop.addButton('ovo-pistache').click();
      await expect(shop.footer.badge).toHaveText('1');
      await visit(page, `/${locale}${legal.privacy}`, found);
      await visit(page, `/${locale}${legal.terms}`, found);
      await visit(page, `/${locale}/expertise/contratos`, found);
      await visit(page, `/${locale}/clube`, found);
      await visit(page, `/${locale}/checkout`, found);
      await visit(page, `/${locale}/nao-existe`, found);
    });
  });

  test(`signed-in shopper pages have no axe violations (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    const { uid, state } = await signedInState(browser, 'shopper', baseURL!);
    const orderId = uniqueOrderId('AXE');
    await createOrder(orderId, uid, { locale });
    await scanInContext(browser, baseURL!, state, async (page, found) => {
      await visit(page, `/${locale}/checkout`, found);
      await visit(page, `/${locale}/checkout/${orderId}`, found);
      await visit(page, `/${locale}/usuario`, found);
      // A shopper asking for the control panel gets the 403 page.
      await visit(page, `/${locale}/control-panel`, found);
      await visit(page, `/${locale}`, found);
      const userTab = new UserTab(page, locale);
      await userTab.open();
      await expect(userTab.logoutButton).toBeVisible({ timeout: 15_000 });
      await scanLooks(page, `/${locale} + user tab (${ACCOUNT_TEXTS[locale].logout})`, found);
    });
  });

  test(`control panel pages have no axe violations (${locale})`, async ({ browser, baseURL }) => {
    const { state } = await signedInState(browser, 'admin', baseURL!);
    await scanInContext(browser, baseURL!, state, async (page, found) => {
      await visit(page, `/${locale}/control-panel`, found);
      await visit(page, `/${locale}/control-panel/orders`, found);
      await visit(page, `/${locale}/control-panel/stock`, found);
      await visit(page, `/${locale}/control-panel/club`, found);
    });
  });
}
