import { translatorFor } from '@/lib/i18n/translator';
import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import { matchesOrderFilters, type OrderFilters } from './order-filters';
import {
  EMPTY_STATUS_FLAGS,
  isOpenOrderStatus,
  ORDER_STATUS_KEYS,
  orderStatusGroup,
  orderStatusKey,
} from './status';
import { allowedTransitions } from './transitions';
import type { OrderStatusFlags, OrderStatusKey, ShippingOption } from './types';

// An order's stored flags can hold several true at once (an order moves on without its earlier
// flags being cleared, or a hand edit). These tests say what people then see and may do: the
// label a shopper reads, the moves the panel offers an admin, the panel's status filter and
// whether the shopper may still cancel.

const flags = (set: Partial<OrderStatusFlags> = {}): OrderStatusFlags => ({
  ...EMPTY_STATUS_FLAGS,
  ...set,
});

/** The status label a shopper reads on the order page, in Portuguese. */
const label = (status: Partial<OrderStatusFlags>) =>
  translatorFor('pt-BR', 'OrderStatus')(orderStatusKey(status));

/** What the control panel offers an admin for an order with these flags. */
const moves = (status: OrderStatusFlags, shipping: ShippingOption = 'Retirada') =>
  allowedTransitions(orderStatusKey(status), shipping);

const NO_FILTERS: OrderFilters = { status: null, shipping: null, q: '', after: null, before: null };
/** Whether the panel lists the order under the status filter `key`. */
const listedUnder = (key: OrderStatusKey, status: OrderStatusFlags) =>
  matchesOrderFilters(
    { orderId: 'PED-1', status, shippingOption: 'Retirada', customer: { email: 'a@b.c' } },
    { ...NO_FILTERS, status: key },
  );

describe('an order whose stored flags say several things', () => {
  it('is a new order awaiting approval with no flag set, or none exactly true', () => {
    expect(label({})).toBe('Aguardando Aprovação');
    const odd = { ...flags(), delivered: 'true', cancelled: 1 } as unknown as OrderStatusFlags;
    expect(label(odd)).toBe('Aguardando Aprovação');
    expect(moves(odd)).toEqual(['waitingPayment', 'confirmed', 'cancelled']);
  });

  it('shows where it is now: paid, then confirmed, then in production', () => {
    const paidAndConfirmed = flags({ waitingPayment: true, confirmed: true });
    expect(label(paidAndConfirmed)).toBe('Confirmado');
    expect(moves(paidAndConfirmed)).toEqual(['inProduction', 'cancelled']);
    expect(listedUnder('confirmed', paidAndConfirmed)).toBe(true);
    expect(listedUnder('waitingPayment', paidAndConfirmed)).toBe(false);

    const producing = flags({ waitingPayment: true, confirmed: true, inProduction: true });
    expect(label(producing)).toBe('Em Produção');
    expect(moves(producing)).toEqual(['waitingForRetrieval', 'cancelled']);
  });

  it('is delivered once delivered, whatever it waited for before: nothing left to do', () => {
    const delivered = flags({ inProduction: true, waitingForRetrieval: true, delivered: true });
    expect(label(delivered)).toBe('Entregue');
    expect(moves(delivered)).toEqual([]);
    expect(listedUnder('delivered', delivered)).toBe(true);
    expect(listedUnder('waitingForRetrieval', delivered)).toBe(false);
  });

  it('is cancelled when cancelled, even after a delivery: final, and no longer cancellable', () => {
    const all = flags(Object.fromEntries(Object.keys(EMPTY_STATUS_FLAGS).map((f) => [f, true])));
    expect(label(all)).toBe('Cancelado');
    expect(moves(all)).toEqual([]);
    expect(isOpenOrderStatus(orderStatusKey(all))).toBe(false);
    expect(listedUnder('cancelled', all)).toBe(true);
    expect(listedUnder('delivered', all)).toBe(false);
  });

  it('can still be cancelled by the shopper while it only waits for payment', () => {
    expect(isOpenOrderStatus(orderStatusKey(flags({ waitingPayment: true })))).toBe(true);
    expect(
      isOpenOrderStatus(orderStatusKey(flags({ waitingPayment: true, confirmed: true }))),
    ).toBe(false);
  });
});

describe('OrderStatus messages', () => {
  it('have a label for every status key in both locales', () => {
    expect(Object.keys(en.OrderStatus).sort()).toEqual([...ORDER_STATUS_KEYS].sort());
    expect(Object.keys(ptBR.OrderStatus).sort()).toEqual([...ORDER_STATUS_KEYS].sort());
  });

  it('use the Portuguese labels of the specification', () => {
    expect(ptBR.OrderStatus).toEqual({
      awaitingApproval: 'Aguardando Aprovação',
      confirmed: 'Confirmado',
      waitingPayment: 'Aguardando Pagamento',
      inProduction: 'Em Produção',
      waitingForRetrieval: 'Aguardando Retirada',
      waitingForDelivery: 'Aguardando Entrega',
      delivered: 'Entregue',
      cancelled: 'Cancelado',
    });
  });
});

describe('the status chip', () => {
  it("shows 'waiting' exactly while the shopper may still cancel the order", () => {
    for (const key of ORDER_STATUS_KEYS) {
      expect([key, orderStatusGroup(key) === 'waiting']).toEqual([key, isOpenOrderStatus(key)]);
    }
    expect(orderStatusGroup(orderStatusKey(flags({ delivered: true })))).toBe('done');
    expect(orderStatusGroup(orderStatusKey(flags({ delivered: true, cancelled: true })))).toBe(
      'cancelled',
    );
  });
});
