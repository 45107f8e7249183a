import { reaisAmount } from '@/lib/catalogue/format';
import type { OrderPaymentStatus } from '@/lib/payments/types';
import { awaitsOnlinePayment, onlinePaymentAmount, onlinePaymentItems } from './online-payment';
import { EMPTY_STATUS_FLAGS } from './status';

const order = (
  payment: { provider: 'mercadopago' | 'manual'; status: OrderPaymentStatus },
  status: Partial<typeof EMPTY_STATUS_FLAGS> = {},
) => ({ payment, status: { ...EMPTY_STATUS_FLAGS, ...status } });

describe('awaitsOnlinePayment', () => {
  it('is true for an unpaid Mercado Pago order the shop has neither confirmed nor cancelled', () => {
    for (const status of ['pending', 'waiting', 'error', 'rejected'] as const) {
      expect(awaitsOnlinePayment(order({ provider: 'mercadopago', status }))).toBe(true);
    }
    expect(
      awaitsOnlinePayment(
        order({ provider: 'mercadopago', status: 'pending' }, { waitingPayment: true }),
      ),
    ).toBe(true);
  });

  it('is false once paid, under review, cancelled or confirmed, and for a manual order', () => {
    for (const status of ['approved', 'needs-review', 'cancelled', 'not-required'] as const) {
      expect(awaitsOnlinePayment(order({ provider: 'mercadopago', status }))).toBe(false);
    }
    const pending = { provider: 'mercadopago', status: 'pending' } as const;
    expect(awaitsOnlinePayment(order(pending, { cancelled: true }))).toBe(false);
    expect(awaitsOnlinePayment(order(pending, { confirmed: true }))).toBe(false);
    expect(awaitsOnlinePayment(order({ provider: 'manual', status: 'pending' }))).toBe(false);
  });
});

describe('onlinePaymentItems and onlinePaymentAmount', () => {
  it("are the order's lines at their stored prices", () => {
    expect(
      onlinePaymentItems({
        locale: 'pt-BR',
        orderItems: [
          { key: 'ovo-pistache', translatedTitle: 'Ovo Pistache', quantity: 2, value: 19300 },
          { translatedTitle: 'Linha antiga', quantity: 1, value: 3500 },
        ],
      }),
    ).toEqual([
      { key: 'ovo-pistache', title: 'Ovo Pistache', quantity: 2, unitPrice: 19300 },
      { key: '', title: 'Linha antiga', quantity: 1, unitPrice: 3500 },
    ]);
  });

  it('sums integer centavos: no binary-fraction drift (0.1 + 0.2 is 0.30000000000000004)', () => {
    const orderItems = [
      { key: 'a', translatedTitle: 'A', quantity: 1, value: 10 },
      { key: 'b', translatedTitle: 'B', quantity: 1, value: 20 },
    ];
    expect(onlinePaymentAmount({ locale: 'en', orderItems })).toBe(30);
    expect(reaisAmount(onlinePaymentAmount({ locale: 'en', orderItems }))).toBe(0.3);
    expect(
      onlinePaymentAmount({
        locale: 'en',
        orderItems: [{ key: 'c', translatedTitle: 'C', quantity: 2, value: 14590 }],
        deliveryFee: 1250,
      }),
    ).toBe(30430);
  });
});
