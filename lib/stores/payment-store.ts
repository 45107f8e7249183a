import { createStore } from 'zustand/vanilla';

/**
 * preferenceId before any order was placed. SPEC's accessToken is deliberately absent: it is a
 * server secret and never reaches the browser.
 */
export const NO_ORDER_PREFERENCE_ID = 'Nenhum pedido realizado';

/** The order being paid, as the checkout fills it in. */
export type OrderData = Record<string, unknown>;

export type PaymentState = {
  /** Mercado Pago public key for the browser SDK ('' until configured). */
  publicKey: string;
  /** The current order id; NO_ORDER_PREFERENCE_ID while no order was placed. */
  preferenceId: string;
  orderData: OrderData | null;
};

export type PaymentActions = {
  setPublicKey: (publicKey: string) => void;
  setPreferenceId: (preferenceId: string) => void;
  setOrderData: (orderData: OrderData | null) => void;
  resetPayment: () => void;
};

export type PaymentStore = PaymentState & PaymentActions;

export const defaultPaymentState: PaymentState = {
  publicKey: '',
  preferenceId: NO_ORDER_PREFERENCE_ID,
  orderData: null,
};

export function hasPlacedOrder(state: Pick<PaymentState, 'preferenceId'>): boolean {
  return state.preferenceId !== NO_ORDER_PREFERENCE_ID;
}

/** The payment store: a fresh one per provider and per test. */
export function createPaymentStore(initState: Partial<PaymentState> = {}) {
  return createStore<PaymentStore>()((set) => ({
    ...defaultPaymentState,
    ...initState,
    setPublicKey: (publicKey) => set({ publicKey }),
    setPreferenceId: (preferenceId) => set({ preferenceId }),
    setOrderData: (orderData) => set({ orderData }),
    resetPayment: () => set({ preferenceId: NO_ORDER_PREFERENCE_ID, orderData: null }),
  }));
}

export type PaymentStoreApi = ReturnType<typeof createPaymentStore>;
