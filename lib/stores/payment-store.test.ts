import { createOrderId } from '@/lib/orders/order-id';
import { createPaymentStore, hasPlacedOrder, NO_ORDER_PREFERENCE_ID } from './payment-store';

describe('payment store', () => {
  it('starts with the no-order preference id and no access token', () => {
    const store = createPaymentStore();
    expect(store.getState().preferenceId).toBe(NO_ORDER_PREFERENCE_ID);
    expect(hasPlacedOrder(store.getState())).toBe(false);
    expect(store.getState()).not.toHaveProperty('accessToken');
  });

  it('stores a new order id as the preference id, and resets it', () => {
    const store = createPaymentStore();
    store.getState().setPreferenceId('ABC123DEF456');
    expect(hasPlacedOrder(store.getState())).toBe(true);
    store.getState().resetPayment();
    expect(store.getState().preferenceId).toBe(NO_ORDER_PREFERENCE_ID);
  });
});

describe('createOrderId', () => {
  it('returns short, URL-safe, different ids', () => {
    const ids = Array.from({ length: 200 }, () => createOrderId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
