import { ORDER_STATUS_KEYS, orderStatusKey, type OrderStatusKey } from './status';
import {
  allowedTransitions,
  checkTransition,
  flagsForStatus,
  isOrderStatusKey,
  ORDER_TRANSITIONS,
} from './transitions';
import type { ShippingOption } from './types';

const SHIPPING: ShippingOption[] = ['Entrega', 'Retirada'];

describe('the transition table', () => {
  it('walks a delivery order from approval through payment to delivery', () => {
    const path: OrderStatusKey[] = [
      'awaitingApproval',
      'waitingPayment',
      'confirmed',
      'inProduction',
      'waitingForDelivery',
      'delivered',
    ];
    for (let index = 1; index < path.length; index += 1) {
      expect(checkTransition(path[index - 1]!, path[index]!, 'Entrega')).toEqual({ ok: true });
    }
  });

  it.each(SHIPPING)(
    'allows cancelling until the order is delivered, waiting for pick-up or delivery included (%s)',
    (shipping) => {
      for (const from of [
        'awaitingApproval',
        'waitingPayment',
        'confirmed',
        'inProduction',
        'waitingForRetrieval',
        'waitingForDelivery',
      ] as const) {
        expect(checkTransition(from, 'cancelled', shipping)).toEqual({ ok: true });
      }
      expect(checkTransition('delivered', 'cancelled', shipping)).toEqual({
        ok: false,
        reason: 'final',
      });
    },
  );

  it('offers a no-show pick-up and a returned delivery both moves: delivered or cancelled', () => {
    expect(allowedTransitions('waitingForRetrieval', 'Retirada')).toEqual([
      'delivered',
      'cancelled',
    ]);
    expect(allowedTransitions('waitingForDelivery', 'Entrega')).toEqual(['delivered', 'cancelled']);
  });

  it('covers every status key, and only status keys', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUS_KEYS].sort());
    for (const next of Object.values(ORDER_TRANSITIONS)) {
      for (const to of next) expect(isOrderStatusKey(to)).toBe(true);
    }
  });

  it('lets pick-up orders wait for retrieval only, and delivery orders wait for delivery only', () => {
    expect(allowedTransitions('inProduction', 'Retirada')).toEqual([
      'waitingForRetrieval',
      'cancelled',
    ]);
    expect(allowedTransitions('inProduction', 'Entrega')).toEqual([
      'waitingForDelivery',
      'cancelled',
    ]);
    expect(checkTransition('inProduction', 'waitingForDelivery', 'Retirada')).toEqual({
      ok: false,
      reason: 'wrong-shipping',
    });
    expect(checkTransition('inProduction', 'waitingForRetrieval', 'Entrega')).toEqual({
      ok: false,
      reason: 'wrong-shipping',
    });
  });

  it.each(SHIPPING)('treats delivered and cancelled as final (%s)', (shipping) => {
    for (const from of ['delivered', 'cancelled'] as const) {
      expect(allowedTransitions(from, shipping)).toEqual([]);
      for (const to of ORDER_STATUS_KEYS) {
        if (to === from) continue;
        expect(checkTransition(from, to, shipping)).toEqual({ ok: false, reason: 'final' });
      }
    }
  });

  it('refuses staying put, going back and skipping ahead', () => {
    expect(checkTransition('confirmed', 'confirmed', 'Entrega')).toEqual({
      ok: false,
      reason: 'same',
    });
    expect(checkTransition('confirmed', 'awaitingApproval', 'Entrega').ok).toBe(false);
    expect(checkTransition('confirmed', 'waitingPayment', 'Entrega').ok).toBe(false);
    expect(checkTransition('awaitingApproval', 'delivered', 'Retirada')).toEqual({
      ok: false,
      reason: 'not-allowed',
    });
    expect(checkTransition('waitingForRetrieval', 'inProduction', 'Retirada').ok).toBe(false);
    expect(checkTransition('waitingPayment', 'inProduction', 'Entrega').ok).toBe(false);
  });

  it('agrees with allowedTransitions for every pair', () => {
    for (const shipping of SHIPPING) {
      for (const from of ORDER_STATUS_KEYS) {
        const allowed = allowedTransitions(from, shipping);
        for (const to of ORDER_STATUS_KEYS) {
          expect(checkTransition(from, to, shipping).ok).toBe(allowed.includes(to));
        }
      }
    }
  });

  it('walks a pick-up order from approval to delivery', () => {
    const path: OrderStatusKey[] = [
      'awaitingApproval',
      'confirmed',
      'inProduction',
      'waitingForRetrieval',
      'delivered',
    ];
    for (let index = 1; index < path.length; index += 1) {
      expect(checkTransition(path[index - 1]!, path[index]!, 'Retirada')).toEqual({ ok: true });
    }
  });
});

describe('flagsForStatus', () => {
  it('sets no flag for awaiting approval', () => {
    expect(Object.values(flagsForStatus('awaitingApproval')).every((flag) => !flag)).toBe(true);
  });

  it.each(ORDER_STATUS_KEYS)('gives %s exactly one flag (or none) and reads back', (status) => {
    const flags = flagsForStatus(status);
    const set = Object.entries(flags).filter(([, value]) => value);
    expect(set.length).toBe(status === 'awaitingApproval' ? 0 : 1);
    expect(orderStatusKey(flags)).toBe(status);
  });
});

describe('isOrderStatusKey', () => {
  it('accepts the 8 keys and nothing else', () => {
    for (const key of ORDER_STATUS_KEYS) expect(isOrderStatusKey(key)).toBe(true);
    for (const value of ['', 'Confirmado', 'toString', 'CONFIRMED', 1, null, undefined, {}]) {
      expect(isOrderStatusKey(value)).toBe(false);
    }
  });
});
