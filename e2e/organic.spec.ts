import { expect, test } from './fixtures/shop';

// The organic line (a product's isOrganic, lib/catalogue/seed-products.json): its landing section
// and anchor, the badge on its cards and product pages, and the products section's filter, in
// both languages.
const ORGANIC = ['ovo-tropical-amazonas', 'barra-tropical-amazonas', 'barra-tropical-bahia'];

const TEXTS = {
  'pt-BR': {
    section: 'Chocolates Orgânicos',
    badge: 'Orgânico',
    filter: 'Filtrar os chocolates',
    all: 'Todos',
    organic: 'Só orgânicos',
    status: 'Mostrando 3 produtos orgânicos',
    menu: 'Orgânicos',
    about: 'chocolates orgânicos',
    showProducts: 'Ver só os chocolates orgânicos',
  },
  en: {
    section: 'Organic Chocolates',
    badge: 'Organic',
    filter: 'Filter the chocolates',
    all: 'All',
    organic: 'Organic only',
    status: 'Showing 3 organic products',
    menu: 'Organic',
    about: 'organic chocolates',
    showProducts: 'Show only the organic chocolates',
  },
} as const;

for (const locale of ['pt-BR', 'en'] as const) {
  const t = TEXTS[locale];

  test(`the products filter shows only the organic products, each with its badge (${locale})`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    await page.goto(`/${locale}`);
    const section = page.locator('#chocolates');
    const cards = section.locator('[data-testid^="product-card-"]:visible');
    const filter = section.getByRole('group', { name: t.filter });
    await expect(filter.getByRole('button', { name: t.all })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Every product, once.
    const all = await cards.evaluateAll((list) => list.map((card) => card.dataset.testid));
    expect(all.length).toBeGreaterThan(ORGANIC.length);
    expect(new Set(all).size).toBe(all.length);

    await filter.getByRole('button', { name: t.organic }).click();
    await expect(filter.getByRole('button', { name: t.organic })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(section.getByRole('status')).toHaveText(t.status);
    await expect(cards).toHaveCount(ORGANIC.length);
    const shown = await cards.evaluateAll((list) => list.map((card) => card.dataset.testid));
    expect(shown.sort()).toEqual(ORGANIC.map((key) => `product-card-${key}`).sort());
    for (const key of ORGANIC) {
      await expect(
        section.getByTestId(`product-card-${key}`).getByTestId('organic-badge'),
      ).toHaveText(t.badge);
    }
    // Groups with no organic product go with their products; the per-type counts too.
    await expect(section.getByRole('heading', { name: /^(Mini Ovos|Mini Eggs)/ })).toBeHidden();

    await filter.getByRole('button', { name: t.all }).click();
    await expect(section.getByRole('status')).toHaveText('');
    expect(await cards.count()).toBeGreaterThan(ORGANIC.length);
    // A product outside the line carries no badge.
    await expect(
      section.getByTestId('product-card-ovo-pistache').getByTestId('organic-badge'),
    ).toHaveCount(0);
  });

  test(`the organic section has its anchor in the menu and the About sentence (${locale})`, async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn(locale);
    await page.goto(`/${locale}/privacidade`);
    await shop.menu.open();
    await shop.menu.dialog.getByRole('link', { name: t.menu, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}#organicos$`));
    const section = page.locator('#organicos');
    await expect(section.getByRole('heading', { level: 2, name: t.section })).toBeInViewport();
    // Its products are not listed again: its link shows them in the products section, filtered.
    await expect(section.locator('[data-testid^="product-card-"]')).toHaveCount(0);
    await section.getByRole('link', { name: t.showProducts }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}#chocolates$`));
    const products = page.locator('#chocolates');
    await expect(
      products.getByRole('group', { name: t.filter }).getByRole('button', { name: t.organic }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(products.locator('[data-testid^="product-card-"]:visible')).toHaveCount(
      ORGANIC.length,
    );
    await expect(page.locator('#quem-somos').getByRole('link', { name: t.about })).toHaveAttribute(
      'href',
      `/${locale}#organicos`,
    );
  });

  test(`an organic product's page carries the badge, another does not (${locale})`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    await page.goto(`/${locale}/chocolates/barra-tropical-bahia`);
    await expect(page.getByRole('main').getByTestId('organic-badge')).toHaveText(t.badge);
    await page.goto(`/${locale}/chocolates/barra-tropical-rio`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByTestId('organic-badge')).toHaveCount(0);
  });
}
