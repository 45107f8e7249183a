import AxeBuilder from '@axe-core/playwright';
import { Timestamp } from 'firebase-admin/firestore';

import { formatPrice } from '@/lib/catalogue/format';
import { addDays, formatDeliveryDay, shopToday } from '@/lib/delivery/table';

import { ADMIN, UserTab } from './fixtures/account';
import { createOrder, NO_STATUS, shopFirestore, uniqueOrderId } from './fixtures/control-panel';
import { E2E_SHOP_ID } from './fixtures/e2e-firebase';
import { skipIntro } from './fixtures/intro';
import { expect, test } from './fixtures/test';
import { SPEC_PRODUCTS } from './fixtures/spec-catalogue';

const specTitle = (key: string, locale: string) => {
  const product = SPEC_PRODUCTS.find((candidate) => candidate.key === key)!;
  return locale === 'en' ? product.enTitle : product.ptTitle;
};

// The panel home with orders over the last 30 days: the day totals are rebuilt from the orders
// (POST /api/cron/rebuild-dashboard, as `npm run dashboard:rebuild` does), and the page's tables
// say, day by day, what this test adds up from the orders it wrote; the four charts and their
// text equivalents are there, in both languages, on a desktop and a phone, and axe finds nothing.
// Other specs write orders for today only: the days compared here are the 29 before it.

const CRON_SECRET = 'e2e-cron-secret-0123456789';
const TEXTS = {
  'pt-BR': {
    charts: [
      'Faturamento por dia, últimos 30 dias',
      'Mais vendidos em unidades, últimos 30 dias',
      'Mais vendidos em faturamento, últimos 30 dias',
      'Próximos dias de entrega e retirada',
    ],
    showTable: 'Ver os números em tabela',
    today: 'Hoje',
    week: 'Últimos 7 dias',
    club: 'Membros ativos',
  },
  en: {
    charts: [
      'Revenue per day, last 30 days',
      'Best sellers by units, last 30 days',
      'Best sellers by revenue, last 30 days',
      'Delivery and pick-up days ahead',
    ],
    showTable: 'Show the figures as a table',
    today: 'Today',
    week: 'Last 7 days',
    club: 'Active members',
  },
} as const;

const PRODUCTS = [
  { key: 'ovo-tropical-rio', title: 'Ovo Tropical Rio', value: 90 },
  { key: 'barra-tropical-bahia', title: 'Barra Tropical Bahia', value: 40 },
];

/** Writes one order a day on days 1..29 before today (a few cancelled), once per run. */
async function seedMonth(): Promise<void> {
  const db = shopFirestore();
  const marker = db.doc(`projects/${E2E_SHOP_ID}/settings/e2e-dashboard-seed`);
  if ((await marker.get()).exists) return;
  const today = shopToday();
  for (let back = 1; back <= 29; back += 1) {
    const product = PRODUCTS[back % 2]!;
    const quantity = 1 + (back % 3);
    // In centavos, marked as such (orders stored before centavos are read as whole reais).
    const fee = back % 4 === 0 ? 1500 : 0;
    const value = product.value * 100;
    const cancelled = back % 7 === 0;
    await createOrder(uniqueOrderId('DASH'), 'uid-e2e-dashboard', {
      orderDate: Timestamp.fromDate(new Date(`${addDays(today, -back)}T15:00:00-03:00`)),
      orderItems: [{ key: product.key, translatedTitle: product.title, quantity, value }],
      status: { ...NO_STATUS, confirmed: !cancelled, cancelled },
      statusKey: cancelled ? 'cancelled' : 'confirmed',
      total: quantity * value + fee,
      deliveryFee: fee,
      amountsIn: 'centavos',
    });
  }
  await marker.set({ at: Timestamp.now() });
}

/** Per day (yyyy-mm-dd), what the stored orders add up to, cancelled ones left out. */
async function expectedDays(): Promise<Map<string, { orders: number; revenue: number }>> {
  const db = shopFirestore();
  const snapshot = await db.collection(`projects/${E2E_SHOP_ID}/orders`).get();
  const days = new Map<string, { orders: number; revenue: number }>();
  for (const doc of snapshot.docs) {
    const data = doc.data();
    if (data.status?.cancelled) continue;
    const day = shopToday((data.orderDate as Timestamp).toDate());
    const totals = days.get(day) ?? { orders: 0, revenue: 0 };
    totals.orders += 1;
    // As the orders' repository reads them: without the centavos mark, whole reais.
    totals.revenue += (data.total as number) * (data.amountsIn === 'centavos' ? 1 : 100);
    days.set(day, totals);
  }
  return days;
}

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

for (const locale of ['pt-BR', 'en'] as const) {
  test(`the panel home shows the month's sales as charts and tables (${locale}) @phone`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await seedMonth();
    const rebuilt = await request.post('/api/cron/rebuild-dashboard', {
      headers: { authorization: `Bearer ${CRON_SECRET}` },
    });
    expect(rebuilt.status()).toBe(200);
    const expected = await expectedDays();
    const phone = testInfo.project.name === 'phone';
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 800 });

    await page.goto(`/${locale}?login=1`);
    const tab = new UserTab(page, locale);
    await tab.signIn(ADMIN.email, ADMIN.password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await page.goto(`/${locale}/control-panel`);
    const texts = TEXTS[locale];

    await expect(
      page.getByTestId('dashboard-today').getByRole('heading', { name: texts.today }),
    ).toBeVisible();
    await expect(
      page.getByTestId('dashboard-week').getByRole('heading', { name: texts.week }),
    ).toBeVisible();
    for (const name of texts.charts) {
      await expect(page.getByRole('img', { name })).toBeVisible();
    }
    for (const id of [
      'dashboard-daily',
      'dashboard-top-units',
      'dashboard-top-revenue',
      'dashboard-delivery',
    ]) {
      await expect(page.getByTestId(id).locator('figcaption')).not.toBeEmpty();
    }
    await expect(page.getByTestId('dashboard-club')).toContainText(texts.club);

    // Every table opened: the numbers people and machines read.
    for (const summary of await page.getByText(texts.showTable, { exact: true }).all()) {
      await summary.click();
    }
    const daily = page.getByTestId('dashboard-daily').getByRole('table');
    const today = shopToday();
    for (let back = 1; back <= 29; back += 1) {
      const day = addDays(today, -back);
      const totals = expected.get(day) ?? { orders: 0, revenue: 0 };
      const row = daily.locator(`tr[data-day="${day}"]`);
      await expect(row.getByRole('rowheader')).toHaveText(formatDeliveryDay(day, locale));
      await expect(row.getByRole('cell').nth(0)).toHaveText(String(totals.orders));
      await expect(row.getByRole('cell').nth(1)).toHaveText(formatPrice(totals.revenue));
    }
    // The seeded products rank among the best sellers.
    for (const product of PRODUCTS) {
      await expect(
        page
          .getByTestId('dashboard-top-units')
          .getByRole('rowheader', { name: specTitle(product.key, locale) }),
      ).toBeVisible();
    }

    // Both colour modes: the charts' colours and texts keep their contrast in each.
    for (const mode of ['light', 'dark'] as const) {
      if (mode === 'dark') {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.reload();
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        for (const summary of await page.getByText(texts.showTable, { exact: true }).all()) {
          await summary.click();
        }
      }
      await page.screenshot({
        path: testInfo.outputPath(`panel-home-${locale}-${testInfo.project.name}-${mode}.png`),
        fullPage: true,
      });
      const axe = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(axe.violations, mode).toEqual([]);
    }
  });
}
