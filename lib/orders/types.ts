// Pure order types, shared by the server (repository, actions) and the browser (orders list,
// confirmation page, control panel). lib/orders/repository/ is the one place that builds them
// from stored documents.
import type { AppLocale } from '@/lib/i18n/locales';
import type { OrderPaymentInfo } from '@/lib/payments/types';
import type { Address } from '@/lib/users/types';

/** The status flags of an order record (which one wins: lib/orders/status.ts). */
export type OrderStatusFlags = {
  confirmed: boolean;
  waitingPayment: boolean;
  inProduction: boolean;
  waitingForRetrieval: boolean;
  waitingForDelivery: boolean;
  delivered: boolean;
  cancelled: boolean;
};

/** The status shown to people, derived from the flags (lib/orders/status.ts). */
export type OrderStatusKey =
  | 'awaitingApproval'
  | 'confirmed'
  | 'waitingPayment'
  | 'inProduction'
  | 'waitingForRetrieval'
  | 'waitingForDelivery'
  | 'delivered'
  | 'cancelled';

export type ShippingOption = 'Entrega' | 'Retirada';

export type OrderItem = {
  key?: string;
  translatedTitle: string;
  quantity: number;
  /** Unit price in centavos. */
  value: number;
};

/** An order as the app sees it: plain data, the date as an ISO string. */
export type Order = {
  orderId: string;
  /** ISO 8601 timestamp. */
  orderDate: string;
  /** The uid of the user who placed the order. */
  clientRef: string;
  orderItems: OrderItem[];
  status: OrderStatusFlags;
  shippingOption: ShippingOption;
  /** Sum of value times quantity plus the delivery fee, in centavos. */
  total: number;
  /** Centavos, included in `total`; 0 or absent: none (lib/delivery). */
  deliveryFee?: number;
  /** The chosen delivery or pick-up day, 'yyyy-mm-dd'; null or absent: none. */
  deliveryDate?: string | null;
  /**
   * The shopper's own list only: the order still waits for its online payment
   * (lib/orders/online-payment.ts) and Mercado Pago is configured, so it offers to pay.
   */
  payOnline?: boolean;
};

/** The last status change an admin made, as the panel shows it. */
export type StatusChange = {
  at: string;
  byEmail: string;
  from: OrderStatusKey;
  to: OrderStatusKey;
};

/** One status the order reached, and when (ISO 8601; '' when the time is not known). */
export type StatusHistoryEntry = { status: OrderStatusKey; at: string };

/** Everything the app reads from a stored order; the views below are picked from it. */
export type OrderDetails = Order & {
  locale: AppLocale;
  /** Name and email of the shopper at checkout ('' when the order predates storing them). */
  customer: { name: string; email: string };
  telephone: string;
  /** The delivery address ('Entrega'); null for pick-up or when none was stored. */
  address: Address | null;
  payment: OrderPaymentInfo;
  lastChange: StatusChange | null;
  /**
   * For the shop only (panel, CSV, its e-mail; never the shopper's pages): the CPF
   * given 'para nota fiscal' (null: none) and the gift card's message ('': none).
   */
  cpf?: string | null;
  giftMessage?: string;
  /** Who receives the order, as the checkout asked ('' on older orders: the customer). */
  recipientName?: string;
  /** The coupon the order carries and what it took off the total; null or missing: none. */
  coupon?: OrderCoupon | null;
  /**
   * The club member's discount on the order (lib/club/perks.ts): already taken off the items'
   * values and so off the total; null (or missing, on older orders) when there was none.
   */
  memberDiscount?: MemberDiscount | null;
};

/** A member's discount as stored on an order: the plan's percent and the centavos it took off. */
export type MemberDiscount = { percent: number; amount: number };

/** A coupon on an order: its code and what it took off the products, whole reais. */
export type OrderCoupon = { code: string; amount: number };

/** A placed order as its page sees it (its owner, or an admin). */
export type PlacedOrder = Omit<
  OrderDetails,
  'customer' | 'lastChange' | 'clientRef' | 'orderItems' | 'cpf' | 'giftMessage'
> & {
  orderItems: (OrderItem & { key: string })[];
  /** Every status it reached, oldest first, the current one last. */
  statusHistory: StatusHistoryEntry[];
  /** Whether the viewer placed it (an admin may see anyone's, but only its shopper cancels it). */
  ownedByViewer: boolean;
};

/** Another payment Mercado Pago reported for an order a first payment had already paid. */
export type ExtraPayment = {
  paymentId: string;
  /** Mercado Pago's status of that payment when it arrived ('approved'). */
  status: string;
  /** ISO time it was recorded; '' when unreadable. */
  at: string;
};

/** A payment that reached the order after it was cancelled, and its refund (lib/orders/refunds.ts). */
export type PaymentRefund = {
  paymentId: string;
  /** Reais: the whole payment. */
  amount: number;
  /** 'owed': Mercado Pago is being asked; 'failed': given up, a person refunds it by hand. */
  state: 'owed' | 'refunded' | 'failed';
  /** ISO time of the last change; '' when unreadable. */
  at: string;
};

/** Why the panel must show a payment for someone to check by hand (a refund, say). */
export type PaymentReview = {
  /** The payment the order stands on (the first one that paid it). */
  paymentId: string | null;
  /** Later payments that paid it again: each one is a double charge. */
  extraPayments: ExtraPayment[];
};

/** An order as the control panel shows it: the shopper's Order plus who and where. */
export type AdminOrder = Omit<OrderDetails, 'payment'> & {
  /** Set when the payment needs a person (payment status 'needs-review'); null otherwise. */
  paymentReview: PaymentReview | null;
  /** Payments that reached it after it was cancelled, and their refunds. */
  refunds: PaymentRefund[];
  /**
   * ISO time until which this open order holds its stock unpaid or unconfirmed (then it is
   * cancelled, lib/orders/expiry.ts); null when it holds none that way.
   */
  holdsStockUntil: string | null;
};
