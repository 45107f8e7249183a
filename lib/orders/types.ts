// Pure order types, shared by the server (repository, actions) and the browser (orders list).

/** The status flags of an order record (SPEC section 3). */
export type OrderStatusFlags = {
  confirmed: boolean;
  waitingPayment: boolean;
  inProduction: boolean;
  waitingForRetrieval: boolean;
  waitingForDelivery: boolean;
  delivered: boolean;
  cancelled: boolean;
};

export type ShippingOption = 'Entrega' | 'Retirada';

export type OrderItem = {
  key?: string;
  translatedTitle: string;
  quantity: number;
  /** Unit price in whole reais. */
  value: number;
};

/** An order as the app sees it: plain data, the date as an ISO string. */
export type Order = {
  orderID: string;
  /** ISO 8601 timestamp. */
  orderDate: string;
  /** The uid of the user who placed the order. */
  clientRef: string;
  orderItems: OrderItem[];
  status: OrderStatusFlags;
  shippingOption: ShippingOption;
  /** Sum of value times quantity, in whole reais. */
  total: number;
};
