// The owner runs the catalogue, in both languages, on a desktop and on a phone, in a shop of its
// own (these specs change prices and products): an admin's edit in the panel shows on the shopper's
// product page, the landing's cards, the menu search, the JSON-LD and the sitemap within seconds; a
// cart kept from before meets the new price at checkout and the order is charged it; a product
// created in the panel is sold, and archived leaves the shop with a page that says so.
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';

import { CheckoutPage } from './fixtures/checkout';
import { skipIntro } from './fixtures/intro';
import {
  SHOP_PATH,
  signedInAdmin,
  signedInShopper,
  startPrivateShop,
  type PrivateShop,
} from './fixtures/private-shop';
import { SHOP_LOCALES } from './fixtures/shop';
import { expect, test } from './fixtures/test';

const TEXTS = {
  'pt-BR': {
    price: 'Preço (R$)',
    addPhotos: 'Adicionar fotos',
    altPt: 'Descrição da foto (português) – Foto 1',
    altEn: 'Descrição da foto (inglês) – Foto 1',
    save: 'Salvar',
    create: 'Criar produto',
    saved: 'Produto salvo. A loja mostra a alteração em segundos.',
    created: 'Produto criado.',
    almonds: 'ALÉRGICOS: CONTÉM AMÊNDOA',
    namePt: 'Nome (português)',
    nameEn: 'Nome (inglês)',
    subtitlePt: 'Descrição curta (português)',
    subtitleEn: 'Descrição curta (inglês)',
    descriptionPt: 'Descrição (português)',
    descriptionEn: 'Descrição (inglês)',
    weight: 'Peso',
    type: 'Tipo',
    archive: 'Arquivar',
    search: 'Buscar chocolates',
    changed: (title: string, before: string, after: string) =>
      `O preço de ${title} mudou de ${before} para ${after}`,
    gone: (title: string) => `${title} não está mais disponível`,
    toShop: 'Ver todos os chocolates',
    add: (title: string) => `Adicionar à lista: ${title}`,
  },
  en: {
    price: 'Price (R$)',
    addPhotos: 'Add photos',
    altPt: 'Photo description (Portuguese) – Photo 1',
    altEn: 'Photo description (English) – Photo 1',
    save: 'Save',
    create: 'Create product',
    saved: 'Product saved. The shop shows the change within seconds.',
    created: 'Product created.',
    almonds: 'ALLERGENS: CONTAINS ALMONDS',
    namePt: 'Name (Portuguese)',
    nameEn: 'Name (English)',
    subtitlePt: 'Short description (Portuguese)',
    subtitleEn: 'Short description (English)',
    descriptionPt: 'Description (Portuguese)',
    descriptionEn: 'Description (English)',
    weight: 'Weight',
    type: 'Type',
    archive: 'Archive',
    search: 'Search chocolates',
    changed: (title: string, before: string, after: string) =>
      `The price of ${title} changed from ${before} to ${after}`,
    gone: (title: string) => `${title} is no longer available`,
    toShop: 'See all chocolates',
    add: (title: string) => `Add to list: ${title}`,
  },
} as const;

/** A product per language and device, so that no two runs edit the same one. */
const EDITED = {
  desktop: {
    'pt-BR': {
      key: 'ovo-cookies-com-nutella',
      title: 'Ovo Cookies com Nutella',
      before: 'R$ 138,00',
    },
    en: { key: 'ovo-tropical-maravilha', title: 'Tropical Wonder Egg', before: 'R$ 155,00' },
  },
  phone: {
    'pt-BR': {
      key: 'ovo-caramelo-com-amendoim',
      title: 'Ovo Caramelo com Amendoim',
      before: 'R$ 103,00',
    },
    en: { key: 'ovo-tropical-minas', title: 'Tropical Minas Egg', before: 'R$ 90,00' },
  },
} as const;

let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startPrivateShop();
});

test.afterAll(async () => {
  await shop?.close();
});

async function shopperPage(context: BrowserContext): Promise<Page> {
  await skipIntro(context);
  return context.newPage();
}

/** A photo as a phone takes it: a JPEG with its place (GPS) in its EXIF. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#6b3a1e' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLongitudeRef: 'W' } })
    .jpeg()
    .toBuffer();
}

for (const locale of SHOP_LOCALES) {
  test(`an admin's new price, photo and allergen reach the shopper within 10 s (${locale}) @phone`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const t = TEXTS[locale];
    const device = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
    const { key, title, before } = EDITED[device][locale];
    const productUrl = `${shop.url}/${locale}/chocolates/${key}`;

    await test.step('a shopper puts it in the list at the old price', async () => {
      await skipIntro(page);
      await page.goto(productUrl);
      await expect(page.getByText(before, { exact: true }).first()).toBeVisible();
      await page.getByRole('button', { name: t.add(title) }).click();
    });

    const admin = await signedInAdmin(shop, browser);
    let savedAt = 0;
    await test.step('the admin changes the price, adds a photo and an allergen, and saves', async () => {
      const panel = admin.page;
      await panel.goto(`${shop.url}/${locale}/control-panel/products/${key}`);
      await panel.getByLabel(t.price, { exact: true }).fill('145,90');
      await panel.getByLabel(t.addPhotos).setInputFiles({
        name: 'foto.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto(),
      });
      await panel.getByRole('textbox', { name: t.altPt }).fill(`${title}, foto`);
      await panel.getByRole('textbox', { name: t.altEn }).fill(`${title}, photo`);
      await panel.getByRole('checkbox', { name: t.almonds }).check();
      await panel.getByRole('button', { name: t.save }).click();
      await expect(panel.getByTestId('editor-saved')).toHaveText(t.saved, { timeout: 20_000 });
      savedAt = Date.now();
    });
    await admin.context.close();

    await test.step('the product page shows them, with the photo as AVIF or WebP', async () => {
      const shopper = await shopperPage(await browser.newContext());
      const images: string[] = [];
      shopper.on('response', (response) => {
        if (response.url().includes('/_next/image'))
          images.push(response.headers()['content-type'] ?? '');
      });
      await expect
        .poll(
          async () => {
            await shopper.goto(productUrl);
            return shopper.getByText('R$ 145,90', { exact: true }).count();
          },
          { timeout: Math.max(1, 10_000 - (Date.now() - savedAt)), intervals: [250] },
        )
        .toBeGreaterThan(0);
      console.info(
        `${locale}/${device}: the new price on the product page ${Date.now() - savedAt} ms after the save`,
      );
      await expect(shopper.getByTestId('allergens')).toContainText(t.almonds);
      const main = shopper
        .getByRole('region')
        .getByRole('img', { name: `${title}, ${locale === 'en' ? 'photo' : 'foto'}` });
      await expect(main).toHaveAttribute('srcset', /\/_next\/image\?url=%2Fmedia%2Fproducts%2F/);
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(images.some((type) => /image\/(avif|webp)/.test(type))).toBe(true);
      const jsonLd = JSON.parse(
        (await shopper.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      );
      expect(jsonLd.offers.price).toBe('145.90');

      await shopper.goto(`${shop.url}/${locale}`);
      const card = shopper.getByTestId(`product-card-${key}`).first();
      await expect(card).toContainText('R$ 145,90');
      await expect(card.getByRole('img')).toHaveAttribute('loading', 'lazy');
      await shopper.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await shopper.getByRole('searchbox', { name: t.search }).fill(title);
      await expect(
        shopper
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('link', { name: new RegExp(title) }),
      ).toContainText('R$ 145,90');
      const sitemap = await (await shopper.request.get(`${shop.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`/${locale}/chocolates/${key}`);
      await shopper.context().close();
    });

    await test.step('the list kept from before meets the new price at checkout, and the order is charged it', async () => {
      await signedInShopper(shop, page);
      await page.goto(`${shop.url}/${locale}/checkout`);
      await expect(page.getByTestId('price-changes')).toContainText(
        t.changed(title, before, 'R$ 145,90'),
      );
      const checkout = new CheckoutPage(page, locale);
      await checkout.choosePickup();
      const orderId = await checkout.confirmAndLand();
      const order = (await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).data();
      expect(order?.orderItems).toEqual([expect.objectContaining({ key, value: 14590 })]);
    });
  });
}

test('a product created in the panel is sold; archived, its page says it is gone and leads on (pt-BR)', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const t = TEXTS['pt-BR'];
  const admin = await signedInAdmin(shop, browser);
  const panel = admin.page;
  await panel.goto(`${shop.url}/pt-BR/control-panel/products/new`);
  await panel.getByLabel(t.namePt, { exact: true }).fill('Barra Cupuaçu');
  await panel.getByLabel(t.nameEn, { exact: true }).fill('Cupuaçu Bar');
  await panel.getByLabel(t.subtitlePt, { exact: true }).fill('Chocolate branco com cupuaçu');
  await panel.getByLabel(t.subtitleEn, { exact: true }).fill('White chocolate with cupuaçu');
  await panel.getByLabel(t.descriptionPt, { exact: true }).fill('A fruta da Amazônia numa barra.');
  await panel.getByLabel(t.descriptionEn, { exact: true }).fill('The Amazon fruit in a bar.');
  await panel.getByLabel(t.price, { exact: true }).fill('42,50');
  await panel.getByLabel(t.weight, { exact: true }).fill('100g');
  await panel.getByLabel(t.type, { exact: true }).selectOption('barras');
  await panel.getByRole('button', { name: t.create }).click();
  await expect(panel.getByTestId('editor-saved')).toHaveText(t.created, { timeout: 20_000 });
  await expect(panel).toHaveURL(/\/pt-BR\/control-panel\/products\/barra-cupuacu/);

  await skipIntro(page);
  await page.goto(`${shop.url}/pt-BR`);
  await expect(page.getByTestId('product-card-barra-cupuacu').first()).toContainText('R$ 42,50');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('searchbox', { name: t.search }).fill('cupuacu');
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /Barra Cupuaçu/ }),
  ).toBeVisible();
  expect(await (await page.request.get(`${shop.url}/sitemap.xml`)).text()).toContain(
    '/pt-BR/chocolates/barra-cupuacu',
  );
  await signedInShopper(shop, page);
  const checkout = new CheckoutPage(page, 'pt-BR');
  await page.goto(`${shop.url}/pt-BR/chocolates/barra-cupuacu`);
  await page.getByRole('button', { name: t.add('Barra Cupuaçu') }).click();
  await page.goto(`${shop.url}/pt-BR/checkout`);
  await checkout.choosePickup();
  const orderId = await checkout.confirmAndLand();
  expect((await shop.db().doc(`${SHOP_PATH}/orders/${orderId}`).get()).get('total')).toBe(4250);

  panel.once('dialog', (dialog) => dialog.accept());
  await panel.goto(`${shop.url}/pt-BR/control-panel/products/barra-cupuacu`);
  await panel.getByRole('button', { name: t.archive }).click();
  await expect(panel.getByText('Arquivado: fora da loja.', { exact: false })).toBeVisible();
  await admin.context.close();

  await page.goto(`${shop.url}/pt-BR/chocolates/barra-cupuacu`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.gone('Barra Cupuaçu'));
  await expect(page.getByRole('link', { name: t.toShop })).toBeVisible();
  await page.goto(`${shop.url}/pt-BR`);
  await expect(page.getByTestId('product-card-barra-cupuacu')).toHaveCount(0);
  expect(await (await page.request.get(`${shop.url}/sitemap.xml`)).text()).not.toContain(
    'barra-cupuacu',
  );
});
