import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import {
  EMPTY_STATUS_FLAGS,
  ORDER_STATUS_KEYS,
  orderStatusGroup,
  orderStatusKey,
  STATUS_PRECEDENCE,
} from './status';
import type { OrderStatusFlags } from './types';

const flags = (set: Partial<OrderStatusFlags> = {}): OrderStatusFlags => ({
  ...EMPTY_STATUS_FLAGS,
  ...set,
});

describe('orderStatusKey', () => {
  it('gives awaitingApproval when every flag is false', () => {
    expect(orderStatusKey(flags())).toBe('awaitingApproval');
  });

  it.each(Object.keys(EMPTY_STATUS_FLAGS) as (keyof OrderStatusFlags)[])(
    'maps the %s flag alone to its own key',
    (flag) => {
      expect(orderStatusKey(flags({ [flag]: true }))).toBe(flag);
    },
  );

  it('lets the most advanced flag win when several are set', () => {
    expect(orderStatusKey(flags({ waitingPayment: true, confirmed: true }))).toBe('confirmed');
    expect(orderStatusKey(flags({ confirmed: true, inProduction: true }))).toBe('inProduction');
    expect(
      orderStatusKey(flags({ inProduction: true, waitingForRetrieval: true, delivered: true })),
    ).toBe('delivered');
    expect(orderStatusKey(flags({ waitingForRetrieval: true, waitingForDelivery: true }))).toBe(
      'waitingForDelivery',
    );
    // A cancellation overrides everything, even a delivery.
    const all = flags(Object.fromEntries(STATUS_PRECEDENCE.map((flag) => [flag, true])));
    expect(orderStatusKey(all)).toBe('cancelled');
  });

  it('follows the precedence list pairwise', () => {
    STATUS_PRECEDENCE.forEach((higher, i) => {
      for (const lower of STATUS_PRECEDENCE.slice(i + 1)) {
        expect(orderStatusKey(flags({ [higher]: true, [lower]: true }))).toBe(higher);
      }
    });
  });

  it('counts only flags that are exactly true', () => {
    const odd = { ...flags(), delivered: 'true', cancelled: 1 } as unknown as OrderStatusFlags;
    expect(orderStatusKey(odd)).toBe('awaitingApproval');
    expect(orderStatusKey({})).toBe('awaitingApproval');
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

describe('orderStatusGroup', () => {
  it('puts every status in one of four groups', () => {
    expect(
      Object.fromEntries(ORDER_STATUS_KEYS.map((key) => [key, orderStatusGroup(key)])),
    ).toEqual({
      awaitingApproval: 'waiting',
      waitingPayment: 'waiting',
      confirmed: 'inProgress',
      inProduction: 'inProgress',
      waitingForRetrieval: 'inProgress',
      waitingForDelivery: 'inProgress',
      delivered: 'done',
      cancelled: 'cancelled',
    });
  });
});
