import type { Page } from '@playwright/test';

import { CheckoutPage, createShopper, setStock, signInInUserTab } from './fixtures/checkout';
import { expect, TEXTS, test } from './fixtures/shop';

// The CPF typed at checkout is never written to the browser's storage (the draft keeps the rest,
// the chosen day included, and a reload asks for the CPF again).

const PRODUCT = 'ovo-tropical-parana';
const TITLE = { 'pt-BR': 'Ovo Tropical Paraná', en: 'Tropical Paraná Egg' } as const;
const CPF = '529.982.247-25';

/** Everything the page's origin keeps: both storages, every IndexedDB record, its cookies. */
async function browserStorage(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`);
    const records: string[] = [];
    for (const { name, version } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error(`cannot read ${store}`));
        });
        records.push(`${name}/${store}: ${JSON.stringify(all)}`);
      }
      db.close();
    }
    return [
      ...dump(localStorage),
      ...dump(sessionStorage),
      ...records,
      `document.cookie=${document.cookie}`,
    ].join('\n');
  });
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('\n');
  return `${inPage}\n${cookies}`;
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`checkout (${locale}): the CPF is in no browser storage; a reload keeps the chosen day @phone`, async ({
    page,
    shopIn,
  }) => {
    test.setTimeout(90_000);
    const shop = shopIn(locale);
    const shopper = await createShopper(`privacy-${locale}`);
    await setStock(PRODUCT, 200);

    await page.goto(`/${locale}/chocolates/${PRODUCT}`);
    await page.getByRole('button', { name: TEXTS[locale].add(TITLE[locale]) }).click();
    await shop.openCart();
    await shop.cart.checkoutButton.click();
    const checkout = new CheckoutPage(page, locale);
    await checkout.expectOnPage();
    await checkout.signInButton.click();
    await signInInUserTab(shop, shopper);
    await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });

    await checkout.choosePickup();
    const picker = page.getByTestId('delivery-days');
    const second = picker.locator('label[data-day]:not([data-full])').nth(1);
    const day = await second.getAttribute('data-day');
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await second.click();
    await expect(picker.locator(`label[data-day="${day}"] input`)).toBeChecked();
    await checkout.field(checkout.t.cpf).fill(CPF);
    await expect(checkout.field(checkout.t.cpf)).toHaveValue(CPF);

    // The draft is written as the form changes: once it holds the day, it has seen the CPF too.
    await expect.poll(() => browserStorage(page), { timeout: 10_000 }).toContain(`"day":"${day}"`);
    const stored = await browserStorage(page);
    expect(stored).not.toContain('52998224725');
    expect(stored).not.toContain('529.982.247-25');
    expect(stored).not.toMatch(/529\D?982\D?247/);

    await page.reload();
    await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
    await expect(checkout.option('pickup')).toBeChecked();
    await expect(page.getByTestId('delivery-days')).toHaveAttribute('aria-busy', 'false');
    await expect(picker.locator(`label[data-day="${day}"] input`)).toBeChecked();
    await expect(checkout.field(checkout.t.cpf)).toHaveValue('');
    expect(await browserStorage(page)).not.toMatch(/529\D?982\D?247/);
  });
}
