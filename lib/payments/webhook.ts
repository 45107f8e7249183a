import 'server-only';

import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';

import { getAdminDb, inventoryCollection, ordersCollection } from '@/lib/firebase/admin';
import { returnStockOnce, unitsOf } from '@/lib/inventory/stock';
import { ORDER_ID_PATTERN, type OrderPaymentStatus } from '@/lib/orders/checkout-validation';
import type { OrderStatusFlags } from '@/lib/orders/types';

import {
  getMercadoPagoConfig,
  getPayment,
  MercadoPagoError,
  type MercadoPagoPayment,
} from './mercadopago';
import { verifySignature } from './signature';

// Mercado Pago notifications: verify the signature before anything else, then fetch the payment
// from Mercado Pago (the notification body is never trusted) and apply it to its order in one
// transaction. Deliveries repeat and arrive out of order; both are normal.

const MAX_BODY_BYTES = 16 * 1024;
const DATA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
// Enough to recognise any redelivery of recent events; older ones are also harmless because each
// transition checks the order's current state.
const MAX_PROCESSED = 50;

/** What a payment status means for the order. */
type PaymentClass = 'approved' | 'waiting' | 'cancelled' | 'other';

export type PaymentUpdateResult =
  'applied' | 'no-change' | 'duplicate' | 'needs-review' | 'unknown-order' | 'amount-mismatch';

/** Mercado Pago payment status -> what it means for the order. */
export function classifyPaymentStatus(status: string): PaymentClass {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'pending':
    case 'in_process':
    case 'authorized':
      return 'waiting';
    case 'rejected':
    case 'cancelled':
    case 'refunded':
    case 'charged_back':
      return 'cancelled';
    default:
      return 'other';
  }
}

function flagsOf(data: DocumentData): OrderStatusFlags {
  const stored = (data.status ?? {}) as Record<string, unknown>;
  return {
    confirmed: stored.confirmed === true,
    waitingPayment: stored.waitingPayment === true,
    inProduction: stored.inProduction === true,
    waitingForRetrieval: stored.waitingForRetrieval === true,
    waitingForDelivery: stored.waitingForDelivery === true,
    delivered: stored.delivered === true,
    cancelled: stored.cancelled === true,
  };
}

/**
 * Applies Mercado Pago's current view of a payment to its order (external_reference), in one
 * transaction: approved confirms, pending waits, rejected/cancelled/refunded/charged_back cancels
 * and returns the stock once. The same payment id and status twice change nothing the second time.
 */
export async function applyPaymentUpdate(
  payment: MercadoPagoPayment,
): Promise<PaymentUpdateResult> {
  const orderID = payment.externalReference;
  if (!orderID || !ORDER_ID_PATTERN.test(orderID)) return 'unknown-order';
  const orderRef = ordersCollection().doc(orderID);
  const eventKey = `${payment.id}:${payment.status}`;
  const kind = classifyPaymentStatus(payment.status);

  return getAdminDb().runTransaction(async (transaction): Promise<PaymentUpdateResult> => {
    const snapshot = await transaction.get(orderRef);
    const data = snapshot.data();
    if (!data) return 'unknown-order';
    // Whole reais on our side; Mercado Pago reports a decimal amount.
    const total = typeof data.total === 'number' ? data.total : NaN;
    if (payment.currencyId !== 'BRL' || !(Math.abs(payment.transactionAmount - total) < 0.005)) {
      return 'amount-mismatch';
    }
    const stored = (data.payment ?? {}) as DocumentData;
    const processed = Array.isArray(stored.processed) ? (stored.processed as unknown[]) : [];
    if (processed.includes(eventKey)) return 'duplicate';

    const flags = flagsOf(data);
    const confirmedByThis = flags.confirmed && stored.paymentId === payment.id;
    const units = unitsOf(data);
    const update: DocumentData = {};
    let paymentStatus: OrderPaymentStatus | null = null;
    let change: PaymentUpdateResult = 'no-change';

    if (kind === 'approved' && flags.cancelled) {
      // Paid after a failed attempt cancelled the order (a second card, say): take the units
      // again if they are still there; otherwise someone must refund by hand.
      const refs = [...units.keys()].map((key) => inventoryCollection().doc(key));
      const inventory = refs.length > 0 ? await transaction.getAll(...refs) : [];
      const stocks = inventory.map((doc) => doc.get('stock') as unknown);
      const enough =
        data.stockReturned === true &&
        [...units.values()].every((quantity, index) => {
          const stock = stocks[index];
          return typeof stock === 'number' && stock >= quantity;
        });
      if (enough) {
        refs.forEach((ref, index) => {
          const quantity = [...units.values()][index] ?? 0;
          transaction.update(ref, { stock: (stocks[index] as number) - quantity });
        });
        update.stockReturned = false;
        update.status = { ...flags, cancelled: false, confirmed: true, waitingPayment: false };
        paymentStatus = 'approved';
        change = 'applied';
      } else {
        paymentStatus = 'needs-review';
        change = 'needs-review';
      }
    } else if (kind === 'approved' && !confirmedByThis) {
      update.status = { ...flags, confirmed: true, waitingPayment: false };
      paymentStatus = 'approved';
      change = 'applied';
    } else if (kind === 'waiting' && !flags.confirmed && !flags.cancelled) {
      if (!flags.waitingPayment) {
        update.status = { ...flags, waitingPayment: true };
        change = 'applied';
      }
      paymentStatus = 'waiting';
    } else if (
      kind === 'cancelled' &&
      !flags.cancelled &&
      // A failed second attempt does not undo an order another payment already paid.
      (!flags.confirmed || confirmedByThis)
    ) {
      update.status = { ...flags, cancelled: true, waitingPayment: false };
      // Once only, and not for units already produced or handed over (lib/inventory/stock.ts).
      if (returnStockOnce(transaction, data, flags)) update.stockReturned = true;
      paymentStatus = 'cancelled';
      change = 'applied';
    }

    if (paymentStatus) {
      update['payment.status'] = paymentStatus;
      update['payment.paymentId'] = payment.id;
    }
    update['payment.lastPaymentStatus'] = payment.status;
    update['payment.processed'] = [...processed, eventKey].slice(-MAX_PROCESSED);
    update.audit = FieldValue.arrayUnion({
      at: Timestamp.now(),
      source: 'mercadopago',
      paymentId: payment.id,
      paymentStatus: payment.status,
      change,
    });
    transaction.update(orderRef, update);
    return change;
  });
}

export type WebhookResponse = {
  status: 200 | 400 | 401 | 404 | 503;
  body: { ok: boolean; result?: string; error?: string };
};

async function readBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Handles one Mercado Pago notification (status and JSON body for the route): 404 when payments
 * are off, 400 malformed, 401 bad or stale signature, 503 when Mercado Pago cannot be reached
 * (it retries), 200 otherwise, including for notifications the shop does not act on.
 */
export async function handleWebhook(request: Request): Promise<WebhookResponse> {
  const config = getMercadoPagoConfig();
  if (!config) return { status: 404, body: { ok: false, error: 'not-found' } };

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { status: 400, body: { ok: false, error: 'malformed' } };
  }
  const dataId = url.searchParams.get('data.id');
  if (!dataId || !DATA_ID_PATTERN.test(dataId)) {
    return { status: 400, body: { ok: false, error: 'malformed' } };
  }
  const check = verifySignature({
    header: request.headers.get('x-signature'),
    dataId,
    requestId: request.headers.get('x-request-id'),
    secret: config.webhookSecret,
  });
  if (check !== 'valid') {
    console.warn(`[webhook] refused a notification: signature ${check}`);
    return { status: 401, body: { ok: false, error: 'invalid-signature' } };
  }

  // Authentic from here on; the body still only says what kind of event this is.
  const text = await readBody(request).catch(() => null);
  if (text === null) return { status: 400, body: { ok: false, error: 'malformed' } };
  let body: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
      body = parsed as Record<string, unknown>;
    } catch {
      return { status: 400, body: { ok: false, error: 'malformed' } };
    }
  }
  const type = body.type ?? url.searchParams.get('type') ?? url.searchParams.get('topic');
  if (type !== 'payment') return { status: 200, body: { ok: true, result: 'ignored' } };
  const bodyId = (body.data as { id?: unknown } | undefined)?.id;
  if (bodyId !== undefined && String(bodyId) !== dataId) {
    return { status: 400, body: { ok: false, error: 'malformed' } };
  }

  let payment: MercadoPagoPayment | null;
  try {
    payment = await getPayment(dataId);
  } catch (error) {
    console.error(
      `[webhook] ${error instanceof MercadoPagoError ? error.message : 'fetch failed'}`,
    );
    return { status: 503, body: { ok: false, error: 'upstream-unavailable' } };
  }
  if (!payment || payment.id !== dataId) {
    return { status: 200, body: { ok: true, result: 'unknown-payment' } };
  }
  const result = await applyPaymentUpdate(payment);
  if (result === 'unknown-order' || result === 'amount-mismatch' || result === 'needs-review') {
    console.warn(`[webhook] payment ${payment.id}: ${result}`);
  }
  return { status: 200, body: { ok: true, result } };
}

/** The route's whole job: a Response for a Mercado Pago notification. */
export async function webhookResponse(request: Request): Promise<Response> {
  let result: WebhookResponse;
  try {
    result = await handleWebhook(request);
  } catch (error) {
    // A database failure: 503 makes Mercado Pago deliver again later.
    console.error(`[webhook] failed: ${(error as Error)?.message}`);
    result = { status: 503, body: { ok: false, error: 'unavailable' } };
  }
  return Response.json(result.body, {
    status: result.status,
    headers: { 'Cache-Control': 'no-store' },
  });
}
