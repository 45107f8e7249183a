import type { OrderPaymentStatus } from '@/lib/payments/types';
import { awaitsOnlinePayment } from './online-payment';
import { EMPTY_STATUS_FLAGS } from './status';

const order = (
  payment: { provider: 'mercadopago' | 'manual'; status: OrderPaymentStatus },
  status: Partial<typeof EMPTY_STATUS_FLAGS> = {},
) => ({ payment, status: { ...EMPTY_STATUS_FLAGS, ...status } });

describe('awaitsOnlinePayment', () => {
  it('is true for an unpaid Mercado Pago order the shop has neither confirmed nor cancelled', () => {
    for (const status of ['pending', 'waiting', 'error'] as const) {
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
