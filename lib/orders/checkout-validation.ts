// The checkout contract, pure and light so the browser form can import it: limits, Brazilian
// field validators and the result types of the checkout actions (lib/orders/checkout-actions.ts).
// The input schema itself is in checkout-schema.ts (it needs the catalogue).
import type { Address } from '@/lib/users/types';

import type { OrderStatusFlags, ShippingOption } from './types';

/** Bounds of one order; the server refuses anything beyond them. */
export const CHECKOUT_LIMITS = Object.freeze({
  maxLines: 20,
  maxQuantity: 10,
  maxTextLength: 120,
});

/**
 * The order id the browser generates (lib/orders/order-id.ts) and the server accepts; it is also
 * the Firestore document id, where `__...__` names are reserved.
 */
export const ORDER_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{8,64}$/;

const CEP_PATTERN = /^\d{5}-?\d{3}$/;
const CPF_PATTERN = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;
// Digits plus the formatting people type: +55 (11) 91234-5678, 11 3456.7890.
const PHONE_PATTERN = /^\+?[\d\s().-]{10,25}$/;

/** The CEP as 12345-678, or null when it is not a valid CEP. */
export function normalizeCep(value: string): string | null {
  const trimmed = value.trim();
  if (!CEP_PATTERN.test(trimmed)) return null;
  const digits = trimmed.replace('-', '');
  // 00000-000 is the classic placeholder, never a real address.
  if (/^0+$/.test(digits)) return null;
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

function cpfCheckDigit(digits: readonly number[]): number {
  // Weights run from length+1 down to 2 (10..2 for the first digit, 11..2 for the second).
  const sum = digits.reduce(
    (total, digit, index) => total + digit * (digits.length + 1 - index),
    0,
  );
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The CPF as 123.456.789-09, or null unless it has 11 digits and both check digits are right. */
export function normalizeCpf(value: string): string | null {
  const trimmed = value.trim();
  if (!CPF_PATTERN.test(trimmed)) return null;
  const digits = [...trimmed.replace(/\D/g, '')].map(Number);
  // 000.000.000-00, 111.111.111-11 ... pass the check-digit arithmetic but are not CPFs.
  if (digits.every((digit) => digit === digits[0])) return null;
  if (cpfCheckDigit(digits.slice(0, 9)) !== digits[9]) return null;
  if (cpfCheckDigit(digits.slice(0, 10)) !== digits[10]) return null;
  const text = digits.join('');
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

/**
 * A Brazilian phone number as its 10 (landline) or 11 (mobile) digits, area code first, or null.
 * Formatting and a leading +55 country code are accepted and stripped.
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!PHONE_PATTERN.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (digits.length !== 10 && digits.length !== 11) return null;
  // Area codes (DDD) are 11..99 without a zero digit; mobile numbers (11 digits) start with 9.
  if (!/^[1-9]{2}/.test(digits)) return null;
  if (digits.length === 11 && digits[2] !== '9') return null;
  return digits;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 6;

/**
 * True when the value is plain JSON-like data (plain objects, arrays, primitives) without
 * prototype-polluting keys, nested at most a few levels. Checked before the schema so a hostile
 * shape is refused outright whatever the schema library does with it.
 */
export function isPlainInput(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') {
    return typeof value !== 'function' && typeof value !== 'symbol' && typeof value !== 'bigint';
  }
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    return (
      value.length <= CHECKOUT_LIMITS.maxLines * 2 &&
      value.every((item) => isPlainInput(item, depth + 1))
    );
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  const keys = Reflect.ownKeys(value);
  if (keys.length > 20) return false;
  return keys.every(
    (key) =>
      typeof key === 'string' &&
      !FORBIDDEN_KEYS.has(key) &&
      isPlainInput((value as Record<string, unknown>)[key], depth + 1),
  );
}

export type CheckoutErrorCode =
  | 'unauthenticated'
  | 'invalid'
  | 'out-of-stock'
  | 'unavailable'
  | 'payment-unavailable'
  | 'not-payable'
  | 'server-error';

/** The message key under "CheckoutErrors" for each error code. */
export const CHECKOUT_ERROR_MESSAGE_KEYS = Object.freeze({
  unauthenticated: 'unauthenticated',
  invalid: 'invalid',
  'out-of-stock': 'outOfStock',
  unavailable: 'unavailable',
  'payment-unavailable': 'paymentUnavailable',
  'not-payable': 'notPayable',
  'server-error': 'serverError',
} as const satisfies Record<CheckoutErrorCode, string>);

/** Every key of the "CheckoutErrors" messages namespace. */
export type CheckoutErrorMessageKey =
  | (typeof CHECKOUT_ERROR_MESSAGE_KEYS)[CheckoutErrorCode]
  | 'soldOut'
  /** A placed order whose online payment could not start (payment.paymentError). */
  | 'paymentError';

export type CheckoutErrorMessage = {
  key: CheckoutErrorMessageKey;
  values?: { title: string; available: number };
};

/**
 * The "CheckoutErrors" messages to show for a failed checkout action: one per line at fault for
 * 'out-of-stock' ('soldOut' when none is left) and 'unavailable', otherwise one for the code.
 */
export function checkoutErrorMessages(
  failure: Pick<CheckoutFailure, 'error' | 'details'>,
): CheckoutErrorMessage[] {
  const details = failure.details ?? [];
  if ((failure.error === 'out-of-stock' || failure.error === 'unavailable') && details.length) {
    return details.map(({ title, available }) => ({
      key:
        failure.error === 'unavailable' ? 'unavailable' : available > 0 ? 'outOfStock' : 'soldOut',
      values: { title, available },
    }));
  }
  // Without lines to name, 'invalid' is the closest generic text.
  if (failure.error === 'out-of-stock' || failure.error === 'unavailable') {
    return [{ key: 'invalid' }];
  }
  return [{ key: CHECKOUT_ERROR_MESSAGE_KEYS[failure.error] }];
}

/** A line that could not be served: its title in the order's locale and the units left. */
export type StockProblem = { key: string; title: string; available: number };

/** How the shopper pays for a placed order. */
export type CheckoutPayment =
  | { mode: 'mercadopago'; preferenceId: string; initPoint: string }
  /**
   * No online payment: Mercado Pago is not configured, or (paymentError) creating the preference
   * failed. Either way the order stands and the confirmation page offers the WhatsApp follow-up.
   */
  | { mode: 'manual'; paymentError?: true };

export type CheckoutFailure = {
  ok: false;
  error: CheckoutErrorCode;
  /** For 'out-of-stock' and 'unavailable': the lines at fault. */
  details?: StockProblem[];
  /** For 'invalid': which fields failed, as 'path: reason' (never the values sent). */
  issues?: string[];
};

export type PlaceOrderResult =
  | { ok: true; orderID: string; payment: CheckoutPayment }
  | (CheckoutFailure & {
      error: Exclude<CheckoutErrorCode, 'not-payable' | 'payment-unavailable'>;
    });

export type RetryPaymentResult =
  | { ok: true; orderID: string; payment: Extract<CheckoutPayment, { mode: 'mercadopago' }> }
  | (CheckoutFailure & {
      error: 'unauthenticated' | 'invalid' | 'not-payable' | 'payment-unavailable' | 'server-error';
    });

/** The payment side of a stored order. */
export type OrderPaymentStatus =
  'not-required' | 'pending' | 'error' | 'waiting' | 'approved' | 'cancelled' | 'needs-review';

export type OrderPaymentInfo = {
  provider: 'mercadopago' | 'manual';
  status: OrderPaymentStatus;
  preferenceId: string | null;
  initPoint: string | null;
  paymentId: string | null;
};

/** A placed order as the confirmation page sees it (its owner only). */
export type PlacedOrder = {
  orderID: string;
  orderDate: string;
  locale: 'pt-BR' | 'en';
  orderItems: { key: string; translatedTitle: string; quantity: number; value: number }[];
  total: number;
  shippingOption: ShippingOption;
  address: Address | null;
  telephone: string;
  status: OrderStatusFlags;
  payment: OrderPaymentInfo;
};
