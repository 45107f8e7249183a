import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { ACCOUNT_TEXTS, ADMIN } from './fixtures/account';
import {
  createOrder,
  inventoryData,
  orderData,
  sessionContext,
  setInventory,
  uniqueOrderId,
} from './fixtures/control-panel';
import { skipIntro } from './fixtures/intro';

// The control panel on a 390 px phone: nothing wider than the screen, the filters, the status
// buttons and the stock page's save within reach.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, baseURL }) => {
  await skipIntro(context);
  // The admin's session, made through the Auth emulator and POST /api/session.
  const api = await sessionContext(baseURL!, ADMIN);
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();
});

/**
 * What sticks out sideways: the page's own scroll width, and elements of <main> past an edge, but
 * for those inside a row that scrolls sideways by design (the panel's tabs), which must itself fit.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const outside = [...document.querySelectorAll('main *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 1 && (box.right > width + 0.5 || box.left < -0.5) && !inScroller(element)
        );
      })
      .map((element) => element.outerHTML.slice(0, 120));
    return { scroll: document.documentElement.scrollWidth - width, outside };
  });
}

/** Asserts the element is fully on screen, above the fixed footer bar of shortcuts. */
async function expectReachable(page: Page, locale: 'pt-BR' | 'en', name: string, box: Box) {
  const footer = await page
    .getByRole('navigation', { name: ACCOUNT_TEXTS[locale].footer })
    .boundingBox();
  expect(footer, 'the footer bar').not.toBeNull();
  expect(box, name).not.toBeNull();
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, name).toBeLessThanOrEqual(footer!.y);
}

type Box = { y: number; height: number } | null;

for (const locale of ['pt-BR', 'en'] as const) {
  test(`no page of the panel scrolls sideways (${locale})`, async ({ page }) => {
    for (const path of ['/control-panel', '/control-panel/orders', '/control-panel/stock']) {
      await page.goto(`/${locale}${path}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      expect(await overflow(page), `${locale}${path}`).toEqual({ scroll: 0, outside: [] });
    }
  });
}

test('an order is found with the filters and confirmed with its button', async ({ page }) => {
  const orderId = uniqueOrderId('PHONE');
  await createOrder(orderId, 'phone-shopper');
  await page.goto('/pt-BR/control-panel/orders');
  const filters = page.getByRole('form', { name: 'Filtrar pedidos' });
  await filters.getByRole('searchbox', { name: 'Buscar' }).fill(orderId);
  const apply = filters.getByRole('button', { name: 'Filtrar' });
  await apply.scrollIntoViewIfNeeded();
  await expectReachable(page, 'pt-BR', 'Filtrar', await apply.boundingBox());
  await apply.tap();
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));

  const card = page.locator(`[data-order-id="${orderId}"]`);
  const confirm = card.getByRole('button', { name: 'Mover para Confirmado' });
  await confirm.scrollIntoViewIfNeeded();
  await expectReachable(page, 'pt-BR', 'Mover para Confirmado', await confirm.boundingBox());
  await confirm.tap();
  await expect(card.getByTestId('admin-order-status')).toHaveText('Confirmado');
  await expect(card.getByRole('status')).toContainText('Confirmado');
  expect((await orderData(orderId))?.statusKey).toBe('confirmed');
  expect(await overflow(page)).toEqual({ scroll: 0, outside: [] });
});

test('the stock page saves from the bar kept above the footer', async ({ page }) => {
  // A product no other spec counts on, restored at the end.
  const key = 'ovo-tropical-parana-amazonas';
  await setInventory(key, { stock: 10 });
  try {
    await page.goto('/en/control-panel/stock');
    const row = page.getByTestId(`stock-row-${key}`);
    await row.getByRole('spinbutton').fill('6');
    await row.getByRole('checkbox', { name: /^Featured: / }).check();
    await expect(row).toContainText('Changed, not saved');
    const save = page.getByRole('button', { name: 'Save changes' });
    // The bar sticks to the bottom of the screen while the row is in view.
    await row.scrollIntoViewIfNeeded();
    await expectReachable(page, 'en', 'Save changes', await save.boundingBox());
    await save.tap();
    await expect(row.getByRole('status')).toHaveText(/changes saved/);
    await expect(row.getByTestId('stock-badges')).toHaveText('Featured');
    await expect(page.getByTestId('stock-unsaved')).toHaveText('No changes to save.');
    expect(await inventoryData(key)).toMatchObject({ stock: 6, isPromoted: true });
    expect(await overflow(page)).toEqual({ scroll: 0, outside: [] });
  } finally {
    await setInventory(key, { stock: 10 });
  }
});
