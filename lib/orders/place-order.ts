import 'server-only';

import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import type { z } from 'zod';

import { getProduct, type Product } from '@/lib/catalogue';
import { getAdminDb, inventoryCollection, ordersCollection } from '@/lib/firebase/admin';
import {
  createPreference,
  getMercadoPagoConfig,
  MercadoPagoError,
  type Preference,
} from '@/lib/payments/mercadopago';
import { getSessionUser } from '@/lib/session/session';
import type { PublicUser } from '@/lib/users/types';

import { checkoutInputSchema, type ValidCheckoutInput } from './checkout-schema';
import {
  isPlainInput,
  ORDER_ID_PATTERN,
  type CheckoutPayment,
  type OrderPaymentInfo,
  type OrderPaymentStatus,
  type PlacedOrder,
  type PlaceOrderResult,
  type RetryPaymentResult,
  type StockProblem,
} from './checkout-validation';
import { EMPTY_STATUS_FLAGS, STATUS_PRECEDENCE } from './status';
import type { OrderStatusFlags } from './types';

export { CHECKOUT_LIMITS } from './checkout-validation';
export type { PlaceOrderResult, RetryPaymentResult, PlacedOrder } from './checkout-validation';

const MAX_ISSUES = 20;

/** One priced line: the price always comes from the catalogue. */
type PricedLine = { product: Product; quantity: number };

type Outcome =
  | { kind: 'created'; data: DocumentData }
  | { kind: 'existing'; data: DocumentData }
  | { kind: 'foreign' }
  | { kind: 'out-of-stock' | 'unavailable'; details: StockProblem[] };

function issuesOf(error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    // Paths hold schema field names and array indices only, never values the client sent.
    const path = issue.path.map(String).join('.') || '(root)';
    return `${path}: ${issue.message}`.slice(0, 200);
  });
}

/** The stock an inventory document holds; a missing or malformed one counts as none. */
function stockOf(snapshot: DocumentSnapshot, key: string): number {
  const stock: unknown = snapshot.get('stock');
  if (!snapshot.exists || typeof stock !== 'number' || !Number.isInteger(stock)) {
    // The seed creates one document per product; a gap means the data needs fixing.
    console.warn(`[orders] inventory/${key} is missing or has no integer stock; treated as 0`);
    return 0;
  }
  return Math.max(0, stock);
}

/** The inventory document's availableForSale wins over the catalogue when it is a boolean. */
function isForSale(product: Product, snapshot: DocumentSnapshot): boolean {
  const override: unknown = snapshot.exists ? snapshot.get('availableForSale') : undefined;
  return typeof override === 'boolean' ? override : product.availableForSale;
}

function priceLines(input: ValidCheckoutInput): PricedLine[] {
  return input.lines.map((line) => {
    const product = getProduct(line.key);
    // The schema only lets known keys through; this guards against the two ever drifting.
    if (!product) throw new Error(`unknown product ${line.key}`);
    return { product, quantity: line.quantity };
  });
}

function newOrderDocument(
  user: PublicUser,
  input: ValidCheckoutInput,
  lines: PricedLine[],
): DocumentData {
  const orderItems = lines.map(({ product, quantity }) => ({
    key: product.key,
    translatedTitle: product.title[input.locale],
    quantity,
    value: product.price,
  }));
  const mercadoPago = getMercadoPagoConfig() !== null;
  return {
    orderID: input.orderID,
    orderDate: FieldValue.serverTimestamp(),
    clientRef: user.uid,
    orderItems,
    status: { ...EMPTY_STATUS_FLAGS },
    shippingOption: input.shippingOption,
    total: orderItems.reduce((sum, item) => sum + item.value * item.quantity, 0),
    locale: input.locale,
    address: input.shippingOption === 'Entrega' && input.address ? { ...input.address } : null,
    telephone: input.telephone,
    cpf: input.cpf ?? null,
    customer: { name: user.name, email: user.email },
    payment: {
      provider: mercadoPago ? 'mercadopago' : 'manual',
      status: mercadoPago ? 'pending' : 'not-required',
      preferenceId: null,
      initPoint: null,
      paymentId: null,
      /** How many preferences were made; each retry needs a fresh idempotency key. */
      attempts: 0,
      /** `${paymentId}:${status}` of each webhook update applied (deduplicates deliveries). */
      processed: [],
    },
    /** Set once the order's units went back to the inventory, so they never go back twice. */
    stockReturned: false,
    audit: [],
  };
}

/**
 * The one transaction of an order: reads the order id and every line's inventory, then either
 * reports why it cannot be placed (writing nothing) or decrements stock and creates the order.
 */
async function reserveAndCreate(
  user: PublicUser,
  input: ValidCheckoutInput,
  lines: PricedLine[],
): Promise<Outcome> {
  const db = getAdminDb();
  const orderRef = ordersCollection().doc(input.orderID);
  const inventoryRefs = lines.map(({ product }) => inventoryCollection().doc(product.key));
  return db.runTransaction(async (transaction) => {
    const [orderSnapshot, ...inventory] = await transaction.getAll(orderRef, ...inventoryRefs);
    if (orderSnapshot?.exists) {
      const data = orderSnapshot.data() ?? {};
      return data.clientRef === user.uid ? { kind: 'existing', data } : { kind: 'foreign' };
    }
    const unavailable: StockProblem[] = [];
    const short: StockProblem[] = [];
    const stocks = lines.map(({ product, quantity }, index) => {
      const snapshot = inventory[index];
      if (!snapshot) throw new Error('inventory read missing');
      const stock = stockOf(snapshot, product.key);
      const problem = { key: product.key, title: product.title[input.locale], available: stock };
      if (!isForSale(product, snapshot)) unavailable.push({ ...problem, available: 0 });
      else if (stock < quantity) short.push(problem);
      return stock;
    });
    if (unavailable.length > 0) return { kind: 'unavailable', details: unavailable };
    if (short.length > 0) return { kind: 'out-of-stock', details: short };
    lines.forEach(({ quantity }, index) => {
      const ref = inventoryRefs[index] as DocumentReference;
      transaction.update(ref, { stock: (stocks[index] ?? 0) - quantity });
    });
    const data = newOrderDocument(user, input, lines);
    transaction.create(orderRef, data);
    return { kind: 'created', data };
  });
}

function storedPayment(data: DocumentData): DocumentData {
  const payment: unknown = data.payment;
  return typeof payment === 'object' && payment !== null ? (payment as DocumentData) : {};
}

function isSettled(data: DocumentData): boolean {
  const status = (data.status ?? {}) as Partial<OrderStatusFlags>;
  return status.confirmed === true || status.cancelled === true;
}

function preferenceItems(data: DocumentData) {
  const items = Array.isArray(data.orderItems) ? (data.orderItems as DocumentData[]) : [];
  return items.map((item) => ({
    key: String(item.key),
    title: String(item.translatedTitle),
    quantity: Number(item.quantity),
    unitPrice: Number(item.value),
  }));
}

/**
 * Creates a preference for a stored order and records it; on failure records status 'error'.
 * `attempt` 0 is the first preference, whose idempotency key is the order id itself.
 */
async function createAndStorePreference(
  data: DocumentData,
  attempt: number,
): Promise<Preference | null> {
  const orderID = String(data.orderID);
  const ref = ordersCollection().doc(orderID);
  try {
    const customer = (data.customer ?? {}) as DocumentData;
    const preference = await createPreference({
      orderID,
      locale: data.locale === 'en' ? 'en' : 'pt-BR',
      items: preferenceItems(data),
      payerEmail: typeof customer.email === 'string' && customer.email ? customer.email : undefined,
      idempotencyKey: attempt === 0 ? orderID : `${orderID}-retry-${attempt}`,
    });
    await ref.update({
      // A manual order (placed while payments were off) becomes payable online.
      'payment.provider': 'mercadopago',
      'payment.status': 'pending' satisfies OrderPaymentStatus,
      'payment.preferenceId': preference.preferenceId,
      'payment.initPoint': preference.initPoint,
      'payment.attempts': attempt + 1,
    });
    return preference;
  } catch (error) {
    const reason = error instanceof MercadoPagoError ? error.message : (error as Error)?.name;
    console.error(`[orders] Mercado Pago preference for ${orderID} failed: ${reason}`);
    await ref
      .update({ 'payment.status': 'error' satisfies OrderPaymentStatus })
      .catch((updateError: unknown) =>
        console.error(`[orders] recording the payment error failed: ${String(updateError)}`),
      );
    return null;
  }
}

/** How the shopper pays for a placed (or replayed) order; makes the preference when missing. */
async function paymentFor(data: DocumentData): Promise<CheckoutPayment> {
  const payment = storedPayment(data);
  if (payment.provider !== 'mercadopago') return { mode: 'manual' };
  if (typeof payment.preferenceId === 'string' && typeof payment.initPoint === 'string') {
    return {
      mode: 'mercadopago',
      preferenceId: payment.preferenceId,
      initPoint: payment.initPoint,
    };
  }
  // A replay while the first call is still creating the preference gets the same one back:
  // the first attempt's idempotency key is the order id.
  if (!getMercadoPagoConfig() || isSettled(data)) return { mode: 'manual', paymentError: true };
  const preference = await createAndStorePreference(data, 0);
  return preference
    ? { mode: 'mercadopago', ...preference }
    : { mode: 'manual', paymentError: true };
}

/**
 * Places the signed-in user's order: validates `input` (CheckoutInput), prices it from the
 * catalogue, reserves stock and writes the order in one transaction, then starts the payment.
 * Never throws. The same orderID twice returns the first order (stock is taken once).
 * When the Mercado Pago preference cannot be made the order still stands and the result is
 * `{ ok: true, payment: { mode: 'manual', paymentError: true } }`: the confirmation page offers
 * the WhatsApp follow-up and retryPayment. placeOrder never answers 'payment-unavailable'.
 */
export async function placeOrder(input: unknown): Promise<PlaceOrderResult> {
  try {
    const user = await getSessionUser();
    if (!user) return { ok: false, error: 'unauthenticated' };
    if (!isPlainInput(input)) {
      return { ok: false, error: 'invalid', issues: ['(root): not plain data'] };
    }
    const parsed = checkoutInputSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: 'invalid', issues: issuesOf(parsed.error) };
    const outcome = await reserveAndCreate(user, parsed.data, priceLines(parsed.data));
    switch (outcome.kind) {
      case 'foreign':
        // Someone else's order id: say as little as a wrong id would.
        return { ok: false, error: 'invalid', issues: ['orderID: not available'] };
      case 'out-of-stock':
      case 'unavailable':
        return { ok: false, error: outcome.kind, details: outcome.details };
      case 'created':
      case 'existing':
        return { ok: true, orderID: parsed.data.orderID, payment: await paymentFor(outcome.data) };
    }
  } catch (error) {
    console.error(`[orders] placing an order failed: ${(error as Error)?.message}`);
    return { ok: false, error: 'server-error' };
  }
}

/**
 * Makes a fresh Mercado Pago preference for the signed-in user's unpaid order (an expired Pix, a
 * failed first attempt). 'not-payable' when the order is paid or cancelled; never throws.
 */
export async function retryOrderPayment(orderID: unknown): Promise<RetryPaymentResult> {
  try {
    const user = await getSessionUser();
    if (!user) return { ok: false, error: 'unauthenticated' };
    if (typeof orderID !== 'string' || !ORDER_ID_PATTERN.test(orderID)) {
      return { ok: false, error: 'invalid', issues: ['orderID: invalid'] };
    }
    const snapshot = await ordersCollection().doc(orderID).get();
    const data = snapshot.data();
    if (!data || data.clientRef !== user.uid) {
      return { ok: false, error: 'invalid', issues: ['orderID: not available'] };
    }
    const payment = storedPayment(data);
    if (isSettled(data) || payment.status === 'approved' || payment.status === 'cancelled') {
      return { ok: false, error: 'not-payable' };
    }
    if (!getMercadoPagoConfig()) return { ok: false, error: 'payment-unavailable' };
    const attempts = typeof payment.attempts === 'number' ? payment.attempts : 0;
    const preference = await createAndStorePreference(data, Math.max(1, attempts));
    if (!preference) return { ok: false, error: 'payment-unavailable' };
    return { ok: true, orderID, payment: { mode: 'mercadopago', ...preference } };
  } catch (error) {
    console.error(`[orders] retrying a payment failed: ${(error as Error)?.message}`);
    return { ok: false, error: 'server-error' };
  }
}

function readFlags(value: unknown): OrderStatusFlags {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as DocumentData;
  const flags = { ...EMPTY_STATUS_FLAGS };
  for (const flag of STATUS_PRECEDENCE) flags[flag] = stored[flag] === true;
  return flags;
}

const PAYMENT_STATUSES: readonly OrderPaymentStatus[] = [
  'not-required',
  'pending',
  'error',
  'waiting',
  'approved',
  'cancelled',
  'needs-review',
];

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The one mapping from a stored order document to what the confirmation page shows. */
function reshapePlacedOrder(snapshot: DocumentSnapshot, data: DocumentData): PlacedOrder {
  const payment = storedPayment(data);
  const items = Array.isArray(data.orderItems) ? (data.orderItems as DocumentData[]) : [];
  const date = data.orderDate instanceof Timestamp ? data.orderDate.toDate() : null;
  const address = data.address as DocumentData | null | undefined;
  return {
    orderID: snapshot.id,
    orderDate: (date ?? snapshot.createTime?.toDate() ?? new Date(0)).toISOString(),
    locale: data.locale === 'en' ? 'en' : 'pt-BR',
    orderItems: items.map((item) => ({
      key: String(item.key ?? ''),
      translatedTitle: String(item.translatedTitle ?? ''),
      quantity: Number(item.quantity) || 0,
      value: Number(item.value) || 0,
    })),
    total: typeof data.total === 'number' ? data.total : 0,
    shippingOption: data.shippingOption === 'Retirada' ? 'Retirada' : 'Entrega',
    address:
      address && typeof address === 'object'
        ? {
            street: String(address.street ?? ''),
            number: String(address.number ?? ''),
            extra: String(address.extra ?? ''),
            city: String(address.city ?? ''),
            postalCode: String(address.postalCode ?? ''),
          }
        : null,
    telephone: typeof data.telephone === 'string' ? data.telephone : '',
    status: readFlags(data.status),
    payment: {
      provider: payment.provider === 'mercadopago' ? 'mercadopago' : 'manual',
      status: PAYMENT_STATUSES.includes(payment.status as OrderPaymentStatus)
        ? (payment.status as OrderPaymentStatus)
        : 'pending',
      preferenceId: stringOrNull(payment.preferenceId),
      initPoint: stringOrNull(payment.initPoint),
      paymentId: stringOrNull(payment.paymentId),
    } satisfies OrderPaymentInfo,
  };
}

/** The order `orderID` if it belongs to `uid`, for the confirmation page; null otherwise. */
export async function getPlacedOrder(orderID: string, uid: string): Promise<PlacedOrder | null> {
  if (!uid || !ORDER_ID_PATTERN.test(orderID)) return null;
  const snapshot = await ordersCollection().doc(orderID).get();
  const data = snapshot.data();
  if (!data || data.clientRef !== uid) return null;
  return reshapePlacedOrder(snapshot, data);
}

/** The signed-in user's order `orderID`, or null (no session, unknown id, someone else's). */
export async function getMyPlacedOrder(orderID: string): Promise<PlacedOrder | null> {
  const user = await getSessionUser();
  return user ? getPlacedOrder(orderID, user.uid) : null;
}
