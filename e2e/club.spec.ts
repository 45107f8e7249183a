import { UserTab } from './fixtures/account';
import { createUserWithRecord, uniqueEmail } from './fixtures/e2e-firebase';
import { expect, test } from './fixtures/shop';

// The subscription club page (app/[locale]/clube) and the links that lead to it, in both
// languages; its axe scan is in accessibility.spec.ts ('the other public pages').
const CLUB = {
  'pt-BR': {
    h1: 'Chocolate de origem na sua porta, todo mês',
    nav: 'Clube de Assinatura',
    aboutLink: 'clube de assinatura',
    monthly: 'Plano Mensal',
    quarterly: 'Plano Trimestral',
    perMonth: 'por mês',
    everyThree: 'a cada 3 meses',
    perBox: 'R$ 99,00 por caixa',
    discount: '10% de desconto em ovos de Páscoa',
    faq: 'Posso pausar ou cancelar?',
    title: /Clube de Assinatura/,
    join: 'Assinar o Plano Mensal',
    signIn: 'Entre na sua conta para assinar.',
    byWhatsapp: /assine pelo WhatsApp/,
    whatsapp: 'Assinar o Plano Mensal pelo WhatsApp',
  },
  en: {
    h1: 'Single-origin chocolate at your door, every month',
    nav: 'Subscription Club',
    aboutLink: 'subscription club',
    monthly: 'Monthly Plan',
    quarterly: 'Quarterly Plan',
    perMonth: 'a month',
    everyThree: 'every 3 months',
    perBox: 'R$ 99,00 per box',
    discount: '10% off Easter eggs',
    faq: 'Can I pause or cancel?',
    title: /Subscription Club/,
    join: 'Join the Monthly Plan',
    signIn: 'Sign in to your account to join.',
    byWhatsapp: /join on WhatsApp/,
    whatsapp: 'Join the Monthly Plan on WhatsApp',
  },
} as const;

for (const locale of ['pt-BR', 'en'] as const) {
  const t = CLUB[locale];

  test(`the club page shows the box, the plans, the perks and Q&A (${locale})`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    await page.goto(`/${locale}/clube`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.h1);
    await expect(page).toHaveTitle(t.title);
    // The month's selection links to the bars in it.
    const selection = page.getByTestId('club-selection');
    await expect(selection.getByRole('link')).toHaveCount(3);
    await expect(selection.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`^/${locale}/chocolates/barra-`),
    );
    const monthly = page.getByTestId('club-plan-mensal');
    await expect(monthly.getByRole('heading', { name: t.monthly })).toBeVisible();
    await expect(monthly).toContainText(`R$ 109,00 ${t.perMonth}`);
    await expect(monthly.getByRole('listitem').filter({ hasText: t.discount })).toBeVisible();
    const quarterly = page.getByTestId('club-plan-trimestral');
    await expect(quarterly.getByRole('heading', { name: t.quarterly })).toBeVisible();
    await expect(quarterly).toContainText(`R$ 297,00 ${t.everyThree}`);
    await expect(quarterly).toContainText(t.perBox);
    await expect(page.getByRole('term').filter({ hasText: t.faq })).toBeVisible();

    // Metadata: canonical and hreflang alternates as the product pages have them.
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/${locale}/clube$`),
    );
    for (const hreflang of ['pt-BR', 'en', 'x-default']) {
      await expect(head.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveAttribute(
        'href',
        hreflang === 'x-default' ? /[^-]\/clube$/ : new RegExp(`/${hreflang}/clube$`),
      );
    }
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', t.title);

    // JSON-LD: the club with one recurring offer per plan, and the questions.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.flatMap((text) => JSON.parse(text) as unknown[]) as Record<
      string,
      unknown
    >[];
    const product = data.find((entry) => entry['@type'] === 'Product') as {
      offers: {
        price: string;
        priceCurrency: string;
        priceSpecification: { billingDuration: number };
      }[];
    };
    expect(product.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual([
      ['109.00', 'BRL'],
      ['297.00', 'BRL'],
    ]);
    expect(product.offers.map((offer) => offer.priceSpecification.billingDuration)).toEqual([1, 3]);
    const faq = data.find((entry) => entry['@type'] === 'FAQPage') as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(5);
  });

  test(`the About sentence, the menu and the footer lead to the club (${locale})`, async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn(locale);
    await page.goto(`/${locale}`);
    const about = page.locator('#quem-somos');
    await about.getByRole('link', { name: t.aboutLink }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/clube$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.h1);

    await page.goto(`/${locale}/privacidade`);
    await page.getByRole('contentinfo').getByRole('link', { name: t.nav }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/clube$`));

    await page.goto(`/${locale}/termos-de-uso`);
    await shop.menu.open();
    await shop.menu.dialog.getByRole('link', { name: t.nav }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/clube$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.h1);
  });
}

// The Playwright server runs without Mercado Pago (lib/club/club.test.ts covers joining through
// it against the fake): joining asks a visitor to sign in, and offers a shopper the WhatsApp chat.
for (const locale of ['pt-BR', 'en'] as const) {
  const t = CLUB[locale];

  test(`joining: sign in first, then WhatsApp without Mercado Pago (${locale})`, async ({
    page,
    shopIn,
  }) => {
    shopIn(locale);
    await page.goto(`/${locale}/clube`);
    const monthly = page.getByTestId('club-plan-mensal');
    await expect(monthly.getByRole('link', { name: t.whatsapp })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await monthly.getByRole('button', { name: t.join }).click();
    await expect(monthly.getByRole('status')).toContainText(t.signIn);
    await expect(monthly.getByRole('status').getByRole('link')).toHaveAttribute(
      'href',
      `/${locale}?login=1&next=${encodeURIComponent(`/${locale}/clube`)}`,
    );

    const email = uniqueEmail(`club-${locale}`);
    const password = 'clube-chocolate-1';
    await createUserWithRecord(email, password, {});
    const tab = new UserTab(page, locale);
    await tab.open();
    await tab.signIn(email, password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await tab.close();
    await monthly.getByRole('button', { name: t.join }).click();
    await expect(monthly.getByRole('status')).toContainText(t.byWhatsapp);
  });
}

test('the sitemap lists the club page in both languages with hreflang', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
  for (const locale of ['pt-BR', 'en']) {
    const entry = urls.find((url) => new RegExp(`<loc>[^<]*/${locale}/clube</loc>`).test(url));
    expect(entry, locale).toBeDefined();
    for (const hreflang of ['pt-BR', 'en']) {
      expect(entry).toMatch(new RegExp(`hreflang="${hreflang}" href="[^"]*/${hreflang}/clube"`));
    }
    expect(entry).toContain('hreflang="x-default"');
  }
});
