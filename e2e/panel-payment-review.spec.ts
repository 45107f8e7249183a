import { Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './fixtures/test';
import { ADMIN, UserTab } from './fixtures/account';
import { createOrder, NO_STATUS, uniqueOrderId } from './fixtures/control-panel';
import { skipIntro } from './fixtures/intro';

// An order paid twice through Mercado Pago (lib/orders/payment-update.ts keeps the first payment
// and stores the second) is flagged on its panel card with both payment ids, in both languages.

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

const TEXTS = {
  'pt-BR': { flag: 'Revisar pagamento', first: '(pagou o pedido)', again: '(pagou de novo em' },
  en: { flag: 'Payment needs review', first: '(paid the order)', again: '(paid it again on' },
} as const;

for (const locale of ['pt-BR', 'en'] as const) {
  test(`the panel flags an order paid twice with both payment ids (${locale}) @phone`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const orderId = uniqueOrderId('PAGO2X');
    await createOrder(orderId, 'uid-e2e-review', {
      status: { ...NO_STATUS, confirmed: true },
      statusKey: 'confirmed',
      payment: {
        provider: 'mercadopago',
        status: 'needs-review',
        preferenceId: 'pref-e2e',
        initPoint: null,
        paymentId: '88001',
        attempts: 1,
        processed: ['88001:approved', '88002:approved'],
        extraPayments: [{ paymentId: '88002', status: 'approved', at: Timestamp.now() }],
      },
    });

    // Seen at the shop's two reference sizes (set before the first page, as a phone has it).
    await page.setViewportSize(
      testInfo.project.name === 'phone'
        ? { width: 390, height: 844 }
        : { width: 1366, height: 800 },
    );
    await page.goto(`/${locale}?login=1`);
    const tab = new UserTab(page, locale);
    await tab.signIn(ADMIN.email, ADMIN.password);
    await expect(tab.logoutButton).toBeVisible({ timeout: 15_000 });
    await page.goto(`/${locale}/control-panel/orders?q=${orderId}`);

    const card = page.getByRole('article', { name: new RegExp(orderId) });
    const review = card.getByTestId('admin-order-payment-review');
    const texts = TEXTS[locale];
    await expect(review.getByText(texts.flag, { exact: true })).toBeVisible();
    await expect(review.getByRole('listitem')).toHaveText([
      `88001 ${texts.first}`,
      new RegExp(`^88002 \\${texts.again} `),
    ]);
    await review.evaluate((element) =>
      element.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await page.screenshot({
      path: testInfo.outputPath(`payment-review-${locale}.png`),
      fullPage: false,
    });
  });
}
