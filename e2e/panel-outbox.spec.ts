import { expect, test } from '@playwright/test';
import { ADMIN, UserTab } from './fixtures/account';
import { createOrder, uniqueOrderId } from './fixtures/control-panel';
import { skipIntro } from './fixtures/intro';

// An admin's status change e-mails the shopper; locally the message lands in the outbox, which
// admins read in the panel ('Caixa de saída (local)').

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

test("confirming an order writes the shopper's notice to the local outbox", async ({ page }) => {
  const orderId = uniqueOrderId('MAIL');
  await createOrder(orderId, 'outbox-shopper', {
    customer: { name: 'Cliente Caixa', email: 'outbox-shopper@example.com' },
  });

  await page.goto(`/pt-BR/control-panel/orders?q=${orderId}`);
  const tab = new UserTab(page, 'pt-BR');
  await tab.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`/pt-BR/control-panel/orders\\?q=${orderId}$`), {
    timeout: 20_000,
  });
  const card = page.locator(`[data-order-id="${orderId}"]`);
  await card.getByRole('button', { name: 'Mover para Confirmado', exact: true }).click();
  await expect(card.getByTestId('admin-order-status')).toHaveText('Confirmado');

  await page.getByRole('link', { name: 'Caixa de saída', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Caixa de saída (local)' })).toBeVisible();
  // Sent after the action's response: a reload may be needed to see it.
  const notice = page.getByText(`Pedido ${orderId}: Confirmado`);
  await expect(async () => {
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await notice.click();
  // Other tests e-mail too: look inside this message only.
  const message = page.getByRole('listitem').filter({ hasText: `Pedido ${orderId}: Confirmado` });
  await expect(message.getByText('Para: outbox-shopper@example.com')).toBeVisible();
  await expect(message.getByText(`O seu pedido ${orderId} foi confirmado`)).toBeVisible();
});
