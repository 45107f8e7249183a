import 'server-only';

import { readCappedBody } from '@/lib/http/body';
import { describeError, startRequestLog, type LogFields } from '@/lib/log';

import { getMercadoPagoConfig, getPayment, MercadoPagoError } from './mercadopago';
import { verifySignature } from './signature';
import type { MercadoPagoPayment } from './types';

// Mercado Pago notifications: verify the signature before anything else, then fetch the payment
// from Mercado Pago (the notification body is never trusted) and hand it to the order side
// (lib/orders/payment-update.ts, wired by the route). Deliveries repeat and arrive out of order;
// both are normal.

const MAX_BODY_BYTES = 16 * 1024;
const DATA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** What the shop did with a payment (lib/orders/payment-update.ts). */
export type ApplyPayment = (payment: MercadoPagoPayment) => Promise<string>;

/** Results worth a warning in the log: the order needs a person's look. */
const WARN_RESULTS = new Set(['unknown-order', 'amount-mismatch', 'needs-review']);

export type WebhookResponse = {
  status: 200 | 400 | 401 | 404 | 503;
  body: { ok: boolean; result?: string; error?: string };
};

/**
 * Handles one Mercado Pago notification (status and JSON body for the route): 404 when payments
 * are off, 400 malformed, 401 bad or stale signature, 503 when Mercado Pago cannot be reached
 * (it retries), 200 otherwise, including for notifications the shop does not act on.
 */
export async function handleWebhook(
  request: Request,
  applyPayment: ApplyPayment,
  /** Filled with what the log line of this delivery should say (see webhookResponse). */
  logFields: LogFields = {},
): Promise<WebhookResponse> {
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
  logFields.paymentId = dataId;
  if (check !== 'valid') {
    logFields.signature = check;
    return { status: 401, body: { ok: false, error: 'invalid-signature' } };
  }

  // Authentic from here on; the body still only says what kind of event this is.
  const bytes = await readCappedBody(request, MAX_BODY_BYTES).catch(() => null);
  if (bytes === null) return { status: 400, body: { ok: false, error: 'malformed' } };
  const text = Buffer.from(bytes).toString('utf8');
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
    Object.assign(
      logFields,
      error instanceof MercadoPagoError ? describeError(error) : { errorName: 'fetch failed' },
    );
    return { status: 503, body: { ok: false, error: 'upstream-unavailable' } };
  }
  if (!payment || payment.id !== dataId) {
    return { status: 200, body: { ok: true, result: 'unknown-payment' } };
  }
  const result = await applyPayment(payment);
  return { status: 200, body: { ok: true, result } };
}

/**
 * The route's whole job: a Response for a Mercado Pago notification, whose payment goes to
 * `applyPayment` (the route passes lib/orders/payment-update.ts).
 */
export async function webhookResponse(
  request: Request,
  applyPayment: ApplyPayment,
): Promise<Response> {
  // One webhook.handled line per delivery: its outcome, and the payment id once authentic.
  const log = startRequestLog(request.headers);
  const logFields: LogFields = {};
  let result: WebhookResponse;
  try {
    result = await handleWebhook(request, applyPayment, logFields);
  } catch (error) {
    // A database failure: 503 makes Mercado Pago deliver again later.
    Object.assign(logFields, describeError(error));
    result = { status: 503, body: { ok: false, error: 'unavailable' } };
  }
  const outcome = result.body.result ?? result.body.error ?? 'unknown';
  const level =
    result.status >= 500
      ? 'error'
      : result.status >= 400 || WARN_RESULTS.has(outcome)
        ? 'warn'
        : 'info';
  log.event('webhook.handled', { status: result.status, outcome, ...logFields }, level);
  return Response.json(result.body, {
    status: result.status,
    headers: { 'Cache-Control': 'no-store' },
  });
}
