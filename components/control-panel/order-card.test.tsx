/** @jest-environment jsdom */
// The panel's order card flags a payment that needs a person: a second approved payment for an
// order another payment already paid (lib/orders/payment-update.ts) shows both payment ids.
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { createTranslator } from 'use-intl/core';
import type { AppLocale } from '@/lib/i18n/locales';
import { EMPTY_STATUS_FLAGS } from '@/lib/orders/status';
import type { AdminOrder } from '@/lib/orders/types';
import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';
import { OrderCard } from './order-card';

const mockMessages: Record<AppLocale, AbstractIntlMessages> = {
  en: en as AbstractIntlMessages,
  'pt-BR': ptBR as AbstractIntlMessages,
};

// Product names from the seed, as the catalogue of a new shop has them.
jest.mock('@/lib/catalogue/repository', () => ({
  productTitleLookup: async (locale: AppLocale) => (key: string) =>
    jest.requireActual('@/lib/catalogue/seed').getSeedProduct(key)?.title[locale],
}));

// The card's server translations, from the real message files in the requested locale.
jest.mock('next-intl/server', () => ({
  getTranslations: jest.fn(async (arg: string | { locale: AppLocale; namespace: string }) => {
    const { locale, namespace } =
      typeof arg === 'string' ? { locale: mockLocale.current, namespace: arg } : arg;
    return createTranslator({
      locale,
      messages: mockMessages[locale],
      namespace,
      timeZone: 'America/Sao_Paulo',
    });
  }),
}));
// The status editor's server action reaches Firestore; the card only passes it along.
jest.mock('@/lib/control-panel/actions', () => ({ changeOrderStatus: jest.fn() }));

const mockLocale: { current: AppLocale } = { current: 'pt-BR' };

const baseOrder: AdminOrder = {
  orderId: 'MPORDER00042',
  orderDate: '2026-03-10T13:30:00.000Z',
  clientRef: 'uid-ana',
  orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 35 }],
  status: { ...EMPTY_STATUS_FLAGS, confirmed: true },
  shippingOption: 'Retirada',
  total: 35,
  locale: 'pt-BR',
  customer: { name: 'Ana', email: 'ana@example.com' },
  telephone: '11912345678',
  address: null,
  lastChange: null,
  paymentReview: null,
  refunds: [],
  holdsStockUntil: null,
};

const doublyPaid: AdminOrder = {
  ...baseOrder,
  paymentReview: {
    paymentId: '1001',
    extraPayments: [{ paymentId: '1002', status: 'approved', at: '2026-03-10T14:00:00.000Z' }],
  },
};

async function renderCard(order: AdminOrder, locale: AppLocale) {
  mockLocale.current = locale;
  const card = await OrderCard({ order, locale });
  render(
    <NextIntlClientProvider
      locale={locale}
      messages={mockMessages[locale]}
      timeZone="America/Sao_Paulo"
    >
      {/* The card's status controls are a deferred island: rendered once their code has come. */}
      <Suspense>{card}</Suspense>
    </NextIntlClientProvider>,
  );
}

it.each([
  ['pt-BR', 'Revisar pagamento', /1001 \(pagou o pedido\)/, /1002 \(pagou de novo em /],
  ['en', 'Payment needs review', /1001 \(paid the order\)/, /1002 \(paid it again on /],
] as const)(
  'shows the review flag with both payment ids (%s)',
  async (locale, flag, first, second) => {
    await renderCard(doublyPaid, locale);
    const card = await screen.findByRole('article', { name: /MPORDER00042/ });
    const notice = within(card).getByTestId('admin-order-payment-review');
    expect(within(notice).getByText(flag)).toBeVisible();
    expect(within(notice).getByText(first)).toBeVisible();
    expect(within(notice).getByText(second)).toBeVisible();
  },
);

it.each([
  [
    'pt-BR',
    'Pagamento depois do cancelamento',
    /Pagamento 1003 de R\$ 35,00, recebido depois do cancelamento: estornado pelo Mercado Pago em .+\. O cliente foi avisado por e-mail\./,
    /Pagamento 1004 de R\$ 35,00, .*: o estorno automático falhou\. Estorne pelo painel do Mercado Pago\./,
  ],
  [
    'en',
    'Payment after the cancellation',
    /Payment 1003 of R\$ 35,00, received after the cancellation: refunded through Mercado Pago on .+\. The customer was told by e-mail\./,
    /Payment 1004 of R\$ 35,00, .*: the automatic refund failed\. Refund it in Mercado Pago's panel\./,
  ],
] as const)(
  'shows the payments that reached a cancelled order and their refunds (%s)',
  async (locale, title, done, failed) => {
    await renderCard(
      {
        ...baseOrder,
        status: { ...EMPTY_STATUS_FLAGS, cancelled: true },
        refunds: [
          { paymentId: '1003', amount: 3500, state: 'refunded', at: '2026-03-10T15:00:00.000Z' },
          { paymentId: '1004', amount: 3500, state: 'failed', at: '2026-03-10T15:05:00.000Z' },
        ],
      },
      locale,
    );
    const notice = screen.getByTestId('admin-order-refunds');
    expect(within(notice).getByText(title)).toBeVisible();
    expect(within(notice).getByText(done)).toBeVisible();
    expect(within(notice).getByText(failed)).toBeVisible();
  },
);

it('shows no flag when the payment needs nobody', async () => {
  await renderCard(baseOrder, 'en');
  expect(screen.getByRole('article', { name: /MPORDER00042/ })).toBeInTheDocument();
  expect(screen.queryByText('Payment needs review')).not.toBeInTheDocument();
  expect(screen.queryByTestId('admin-order-payment-review')).not.toBeInTheDocument();
  expect(screen.queryByTestId('admin-order-refunds')).not.toBeInTheDocument();
});

it.each([
  ['Ana', 'Olá, Ana! Aqui é da Chocolates Tropicais'],
  ['', 'Olá! Aqui é da Chocolates Tropicais'],
] as const)('greets the customer %j on WhatsApp in the order language', async (name, greeting) => {
  // The admin reads English; the customer shopped in Portuguese.
  await renderCard({ ...baseOrder, customer: { ...baseOrder.customer, name } }, 'en');
  const link = screen.getByRole('link', { name: /WhatsApp/ });
  const text = new URL(link.getAttribute('href') ?? '').searchParams.get('text');
  expect(text).toBe(`${greeting}, sobre o seu pedido número MPORDER00042.`);
});

it.each([
  ['pt-BR', 'CPF 529.982.247-25', 'Mensagem para o cartão', 'CPF não informado'],
  ['en', 'CPF 529.982.247-25', 'Gift card message', 'No CPF given'],
] as const)(
  '%s: shows the CPF, telephone, full address and gift message the shop ships and invoices with',
  async (locale, cpf, giftTitle, noCpf) => {
    await renderCard(
      {
        ...baseOrder,
        shippingOption: 'Entrega',
        cpf: '529.982.247-25',
        address: {
          street: 'Avenida Paulista',
          number: '1000',
          extra: 'Apto 42',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          postalCode: '01310-100',
        },
        giftMessage: 'Feliz Páscoa, Ana!',
      },
      locale,
    );
    const card = screen.getByTestId('admin-order');
    expect(within(card).getByTestId('admin-order-cpf')).toHaveTextContent(cpf);
    expect(card).toHaveTextContent('+55 11 91234-5678');
    expect(card).toHaveTextContent('Avenida Paulista, 1000');
    expect(card).toHaveTextContent('Bela Vista');
    expect(card).toHaveTextContent('São Paulo/SP — 01310-100');
    const gift = within(card).getByTestId('admin-order-gift-message');
    expect(gift).toHaveTextContent(giftTitle);
    expect(gift).toHaveTextContent('Feliz Páscoa, Ana!');

    // An older order: no CPF, no gift message, an address without bairro and UF.
    document.body.innerHTML = '';
    await renderCard(
      {
        ...baseOrder,
        orderId: 'OLDORDER0001',
        shippingOption: 'Entrega',
        address: {
          street: 'Rua Augusta',
          number: '10',
          extra: '',
          city: 'São Paulo',
          postalCode: '01304-001',
        },
      },
      locale,
    );
    const older = screen.getByTestId('admin-order');
    expect(within(older).getByTestId('admin-order-cpf')).toHaveTextContent(noCpf);
    expect(older).toHaveTextContent('São Paulo — 01304-001');
    expect(within(older).queryByTestId('admin-order-gift-message')).toBeNull();
  },
);
