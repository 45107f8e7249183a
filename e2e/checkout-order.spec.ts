import type { Page } from '@playwright/test';
import {
  CHECKOUT_TEXTS,
  CheckoutPage,
  createShopper,
  getStock,
  ordersOf,
  setStock,
  signInFromFooter,
  signInInUserTab,
} from './fixtures/checkout';
import { expect, Shop, TEXTS, test, type ShopLocale } from './fixtures/shop';

// Each test signs in as a shopper of its own and orders products no other test orders, so tests
// run in parallel (and the account specs' counts of the seeded shopper's orders) stay exact.

const PRODUCTS = {
  'barra-tropical-bahia': { 'pt-BR': 'Barra Tropical Bahia', en: 'Tropical Bahia Bar' },
  'ovo-tropical-sampa': { 'pt-BR': 'Ovo Tropical Sampa', en: 'Tropical Sampa Egg' },
  'ovo-tropical-rio': { 'pt-BR': 'Ovo Tropical Rio', en: 'Tropical Rio Egg' },
  'barra-tropical-minas': { 'pt-BR': 'Barra Tropical Minas', en: 'Tropical Minas Bar' },
  'barra-tropical-sampa': { 'pt-BR': 'Barra Tropical Sampa', en: 'Tropical Sampa Bar' },
  'barra-tropical-rio': { 'pt-BR': 'Barra Tropical Rio', en: 'Tropical Rio Bar' },
} as const;
type Product = keyof typeof PRODUCTS;

async function addProduct(page: Page, locale: ShopLocale, key: Product, times = 1) {
  const title = PRODUCTS[key][locale];
  await page.goto(`/${locale}/chocolates/${key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const add = page.getByRole('button', { name: TEXTS[locale].add(title) });
  for (let i = 0; i < times; i += 1) await add.click();
}

async function goToCheckout(shop: Shop): Promise<CheckoutPage> {
  await shop.openCart();
  await shop.cart.checkoutButton.click();
  const checkout = new CheckoutPage(shop.page, shop.locale);
  await checkout.expectOnPage();
  return checkout;
}

/** Records every request to Mercado Pago's SDK host. */
function watchMercadoPago(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('mercadopago')) requests.push(request.url());
  });
  return requests;
}

test.describe('placing an order', () => {
  test('signed out: asked to sign in, the cart is kept; then pick-up, confirmation, orders and an empty cart @phone', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    const t = CHECKOUT_TEXTS['pt-BR'];
    const shopper = await createShopper('checkout-pickup');
    await setStock('barra-tropical-bahia', 10);
    await setStock('ovo-tropical-sampa', 10);
    const mercadoPago = watchMercadoPago(page);

    const checkout =
      await test.step('two products in the cart, checkout while signed out', async () => {
        await addProduct(page, 'pt-BR', 'barra-tropical-bahia', 2);
        await addProduct(page, 'pt-BR', 'ovo-tropical-sampa');
        await expect(shop.footer.badge).toHaveText('3');
        const checkout = await goToCheckout(shop);
        await expect(checkout.main.getByRole('heading', { name: t.signInTitle })).toBeVisible();
        await expect(checkout.line('barra-tropical-bahia')).toContainText('Barra Tropical Bahia');
        await expect(checkout.line('barra-tropical-bahia')).toContainText('2 unidades de R$ 40,00');
        await expect(checkout.line('ovo-tropical-sampa')).toContainText('1 unidade de R$ 90,00');
        await expect(checkout.main.getByText('R$ 170,00')).toBeVisible();
        await expect(checkout.confirmButton).toHaveCount(0);
        return checkout;
      });
    const reference = await checkout.reference.textContent();

    await test.step('signing in from the checkout shows the form, with the same cart', async () => {
      await checkout.signInButton.click();
      await signInInUserTab(shop, shopper);
      // The tab closes by itself once signed in, and the form replaces the request to sign in.
      await expect(shop.userTab).toBeHidden({ timeout: 15_000 });
      await expect(checkout.confirmButton).toBeVisible();
      await expect(checkout.reference).toHaveText(reference ?? '');
      await expect(checkout.line('barra-tropical-bahia')).toContainText('2 unidades');
      await expect(checkout.line('ovo-tropical-sampa')).toContainText('1 unidade');
      await expect(shop.footer.badge).toHaveText('3');
      // Prefilled from the profile.
      await expect(checkout.option('delivery')).toBeChecked();
      await expect(checkout.field('Rua')).toHaveValue('Avenida Paulista');
      await expect(checkout.field('CEP')).toHaveValue('01310-100');
      await expect(checkout.field(t.telephone)).toHaveValue('+55 11 91234-5678');
    });

    await test.step("'Retirada' shows the shop's address and hours, also in the summary", async () => {
      await checkout.choosePickup();
      const pickup = page.getByTestId('pickup-info');
      await expect(pickup).toContainText('Rua dos Cacaueiros, 123');
      await expect(pickup).toContainText('Segunda a sexta, 09:00-12:00, 13:00-18:00');
      await expect(checkout.field('Rua')).toHaveCount(0);
      await expect(page.getByTestId('summary-receiving')).toHaveText('Retirada');
      await expect(page.getByTestId('summary-place')).toContainText('Rua dos Cacaueiros, 123');
    });

    const orderId = await test.step('Confirmar pedido lands on the confirmation', async () => {
      const orderId = await checkout.confirmAndLand();
      expect(orderId).toBe(reference);
      return orderId;
    });

    await test.step('the confirmation shows the order, its status and the WhatsApp follow-up', async () => {
      await expect(page.getByTestId('order-number')).toHaveText(orderId);
      await expect(page.getByTestId('order-status')).toHaveText(t.awaitingApproval);
      const main = page.getByRole('main');
      await expect(main.getByText('Barra Tropical Bahia')).toBeVisible();
      await expect(main.getByText('R$ 170,00')).toBeVisible();
      await expect(page.getByTestId('order-place')).toContainText('Rua dos Cacaueiros, 123');
      // A pick-up order speaks of pick-up; the phone shows as everywhere else.
      await expect(page.getByTestId('manual-payment')).toHaveText(t.manualPaymentPickup);
      await expect(main).toContainText('+55 11 91234-5678');
      await expect(main).not.toContainText('11912345678');
      const whatsapp = main.getByRole('link', { name: t.whatsapp(orderId) });
      await expect(whatsapp).toHaveAttribute(
        'href',
        `https://wa.me/5511987654321?text=${encodeURIComponent(t.whatsappText(orderId))}`,
      );
      // Without Mercado Pago configured, its SDK is never requested.
      expect(mercadoPago).toEqual([]);
    });

    await test.step('the order is stored once, with the stock taken', async () => {
      const stored = await ordersOf(shopper.uid);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        orderID: orderId,
        shippingOption: 'Retirada',
        // Centavos.
        total: 17000,
        telephone: '11912345678',
        address: null,
        orderItems: [
          { key: 'barra-tropical-bahia', quantity: 2, value: 4000 },
          { key: 'ovo-tropical-sampa', quantity: 1, value: 9000 },
        ],
      });
      expect(await getStock('barra-tropical-bahia')).toBe(8);
      expect(await getStock('ovo-tropical-sampa')).toBe(9);
    });

    await test.step('the cart is empty', async () => {
      await expect(shop.footer.badge).toHaveCount(0);
      await shop.openCart();
      await expect(shop.cart.dialog.getByText(shop.texts.emptyCart)).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step("the order is in the user tab's orders", async () => {
      await shop.footer.userButton.click();
      await expect(shop.userTab).toBeVisible();
      const order = shop.userTab.getByTestId('order').filter({ hasText: `Pedido ${orderId}` });
      await expect(order).toBeVisible({ timeout: 15_000 });
      await expect(order).toContainText(t.awaitingApproval);
      await page.keyboard.press('Escape');
    });

    await test.step('the confirmation survives a reload; other orders are a 404', async () => {
      await page.reload();
      await expect(page.getByTestId('order-status')).toHaveText(t.awaitingApproval);
      // The seeded shopper's order and an unknown id: both answer the localized 404.
      for (const id of ['seed-order-1', '0123456789AB']) {
        const response = await page.goto(`/pt-BR/checkout/${id}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
      }
    });

    await setStock('barra-tropical-bahia', 10);
    await setStock('ovo-tropical-sampa', 10);
  });

  test('an out-of-stock line is explained and nothing changes; with less, the same order goes through', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    const t = CHECKOUT_TEXTS['pt-BR'];
    const shopper = await createShopper('checkout-stock');
    await setStock('ovo-tropical-rio', 10);
    await setStock('barra-tropical-minas', 10);
    try {
      await signInFromFooter(page, shop, shopper);
      await addProduct(page, 'pt-BR', 'ovo-tropical-rio', 2);
      await addProduct(page, 'pt-BR', 'barra-tropical-minas');

      // The checkout page reads the live stock once (the cart opens and caps to it too); someone
      // else buys the rest just after that read, so only the server can tell.
      const readsOnCheckout: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/cart/stock') && /\/checkout$/.test(page.url())) {
          readsOnCheckout.push(response.url());
        }
      });
      const checkout = await goToCheckout(shop);
      await expect.poll(() => readsOnCheckout.length).toBeGreaterThan(0);
      await setStock('ovo-tropical-rio', 1);
      const reference = await checkout.reference.textContent();
      await checkout.choosePickup();

      await test.step('the refusal names the product and the units left', async () => {
        await checkout.confirmButton.click();
        // The message, and its fix in place (this page has no quantity controls).
        await expect(checkout.errors.getByRole('listitem')).toHaveText(
          t.outOfStock('Ovo Tropical Rio', 1) + t.reduceTo('Ovo Tropical Rio', 1),
        );
        await expect(page).toHaveURL(/\/pt-BR\/checkout$/);
        await expect(checkout.confirmButton).toBeEnabled();
      });

      await test.step('nothing changed: cart, stock, orders', async () => {
        await expect(shop.footer.badge).toHaveText('3');
        await expect(checkout.line('ovo-tropical-rio')).toContainText('2 unidades');
        await expect(checkout.reference).toHaveText(reference ?? '');
        expect(await ordersOf(shopper.uid)).toEqual([]);
        expect(await getStock('ovo-tropical-rio')).toBe(1);
        expect(await getStock('barra-tropical-minas')).toBe(10);
      });

      await test.step('the smaller quantity, taken in place, caps the line; the same order goes through', async () => {
        await checkout.errors
          .getByRole('button', { name: t.reduceTo('Ovo Tropical Rio', 1) })
          .click();
        await expect(checkout.errors).toBeEmpty();
        await expect(checkout.line('ovo-tropical-rio')).toContainText('1 unidade');
        await expect(shop.footer.badge).toHaveText('2');
        await shop.openCart();
        await expect(shop.cart.quantity('Ovo Tropical Rio')).toHaveText('1');
        await expect(shop.cart.increase('Ovo Tropical Rio')).toBeDisabled();
        await page.keyboard.press('Escape');
        const orderId = await checkout.confirmAndLand();
        expect(orderId).toBe(reference);
        expect(await getStock('ovo-tropical-rio')).toBe(0);
        expect(await ordersOf(shopper.uid)).toHaveLength(1);
      });
    } finally {
      await setStock('ovo-tropical-rio', 10);
      await setStock('barra-tropical-minas', 10);
    }
  });

  test("'Entrega' checks the CEP (and an optional CPF) inline before sending", async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('pt-BR');
    const t = CHECKOUT_TEXTS['pt-BR'];
    const shopper = await createShopper('checkout-cep');
    await signInFromFooter(page, shop, shopper);
    await addProduct(page, 'pt-BR', 'barra-tropical-sampa');
    const checkout = await goToCheckout(shop);
    await expect(checkout.option('delivery')).toBeChecked();

    const cep = checkout.field('CEP');
    await test.step('a malformed CEP shows its message when the field is left', async () => {
      await cep.fill('1310-100');
      await cep.blur();
      await expect(checkout.main.getByText(t.cepError)).toBeVisible();
      await expect(cep).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('sending is refused on the page, and the CEP gets the focus', async () => {
      await checkout.confirmButton.click();
      await expect(checkout.errors).toHaveText(t.formError);
      await expect(cep).toBeFocused();
      await expect(page).toHaveURL(/\/pt-BR\/checkout$/);
    });

    await test.step('a CPF with wrong check digits is flagged too', async () => {
      const cpf = checkout.field(t.cpf);
      await cpf.fill('529.982.247-24');
      await cpf.blur();
      await expect(checkout.main.getByText(t.cpfError)).toBeVisible();
      await cpf.fill('529.982.247-25');
      await expect(checkout.main.getByText(t.cpfError)).toHaveCount(0);
    });

    await test.step('a CEP in the format 00000-000 clears the message', async () => {
      await cep.fill('01310-100');
      await expect(checkout.main.getByText(t.cepError)).toHaveCount(0);
      await expect(cep).not.toHaveAttribute('aria-invalid');
      await expect(page.getByTestId('summary-place')).toHaveText(
        'Avenida Paulista, 1000, Apto 42, Bela Vista - São Paulo/SP, 01310-100',
      );
    });
    expect(await ordersOf(shopper.uid)).toEqual([]);
  });

  test('in English: delivery to the saved address, confirmation and follow-up', async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn('en');
    const t = CHECKOUT_TEXTS.en;
    const shopper = await createShopper('checkout-en');
    await setStock('barra-tropical-rio', 10);
    await addProduct(page, 'en', 'barra-tropical-rio', 2);
    const checkout = await goToCheckout(shop);
    await expect(checkout.main.getByRole('heading', { name: t.signInTitle })).toBeVisible();
    await checkout.signInButton.click();
    await signInInUserTab(shop, shopper);
    await expect(checkout.confirmButton).toBeVisible({ timeout: 15_000 });
    await expect(checkout.option('delivery')).toBeChecked();
    await expect(page.getByTestId('summary-receiving')).toHaveText('Delivery');
    await expect(checkout.line('barra-tropical-rio')).toContainText('2 units at R$ 40,00');

    const orderId = await checkout.confirmAndLand();
    await expect(page.getByTestId('order-status')).toHaveText(t.awaitingApproval);
    await expect(page.getByTestId('order-place')).toHaveText(
      'Avenida Paulista, 1000, Apto 42, Bela Vista - São Paulo/SP, 01310-100',
    );
    await expect(page.getByTestId('manual-payment')).toHaveText(t.manualPayment);
    await expect(page.getByRole('link', { name: t.whatsapp(orderId) })).toHaveAttribute(
      'href',
      `https://wa.me/5511987654321?text=${encodeURIComponent(t.whatsappText(orderId))}`,
    );
    await expect(shop.footer.badge).toHaveCount(0);
    const [stored] = await ordersOf(shopper.uid);
    expect(stored).toMatchObject({ shippingOption: 'Entrega', total: 8000, locale: 'en' });
    await setStock('barra-tropical-rio', 10);
  });
});
