import 'server-only';

import { parseJsonBytes, readCappedBody } from '@/lib/http/body';
import { describeError, logEvent, startRequestLog, type LogFields } from '@/lib/log';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';

import { getMercadoPagoConfig, getPayment, MercadoPagoError } from './mercadopago';
import { claimNotification, completeNotification, releaseNotification } from './repository';
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

/**
 * What the shop did with a notification of another type (the club's 'subscription_preapproval',
 * lib/club/webhook.ts), given its signed data.id. Throws MercadoPagoError when Mercado Pago cannot
 * be asked (answered 503, so it delivers again). The signature and replay checks are this
 * module's, shared with payments.
 */
export type TopicHandler = (dataId: string) => Promise<string>;
export type TopicHandlers = Readonly<Record<string, TopicHandler>>;

/** Results worth a warning in the log: the order needs a person's look, or money goes back. */
const WARN_RESULTS = new Set(['unknown-order', 'amount-mismatch', 'needs-review', 'refund']);

export type WebhookResponse = {
  status: 200 | 400 | 401 | 404 | 409 | 429 | 503;
  body: { ok: boolean; result?: string; error?: string };
  headers?: Record<string, string>;
};

/** Refused signatures are logged as one summary line per this interval, not one line each. */
export const INVALID_SIGNATURE_SUMMARY_MS = 60_000;

type SignatureFailures = { counts: Map<string, number>; windowStart: number | null };
type WebhookState = {
  failures: SignatureFailures;
  /** Notifications by x-request-id: being handled, or handled (answered 200), in this process. */
  handled: Map<string, Promise<WebhookResponse>>;
};
const MAX_REMEMBERED_REQUESTS = 5000;
/** When Mercado Pago should deliver again a notification another instance is still handling. */
const IN_PROGRESS_RETRY_SECONDS = 30;

// Shared by every bundle of this process (route handlers are bundled separately).
const state = ((globalThis as { __shopWebhookState?: WebhookState }).__shopWebhookState ??= {
  failures: { counts: new Map(), windowStart: null },
  handled: new Map(),
});

/** Logs the refused signatures counted so far as one line, and starts a new window. */
export function flushSignatureFailures(): void {
  const { failures } = state;
  if (failures.counts.size > 0) {
    const total = [...failures.counts.values()].reduce((sum, count) => sum + count, 0);
    const reasons = [...failures.counts].map(([reason, count]) => `${reason}=${count}`).join(' ');
    logEvent('webhook.signature_refused', { count: total, reasons }, 'warn');
  }
  failures.counts.clear();
  failures.windowStart = null;
}

/**
 * Counts one refused signature. The first of a window is logged at once; the rest are summed and
 * logged as one line when the window ends (a flood of forgeries writes a few lines, not one each).
 */
function countSignatureFailure(reason: string, now = Date.now()): void {
  const { failures } = state;
  if (failures.windowStart === null) {
    failures.windowStart = now;
    logEvent('webhook.signature_refused', { count: 1, reasons: reason }, 'warn');
    setTimeout(() => flushSignatureFailures(), INVALID_SIGNATURE_SUMMARY_MS).unref();
    return;
  }
  failures.counts.set(reason, (failures.counts.get(reason) ?? 0) + 1);
}

/**
 * For tests: forgets counted failures and the notifications this process handled (the shared
 * records stay, as they would for a restarted instance).
 */
export function resetWebhookState(): void {
  state.failures.counts.clear();
  state.failures.windowStart = null;
  state.handled.clear();
}

/**
 * Handles one Mercado Pago notification (status and JSON body for the route): 404 when payments
 * are off, 400 malformed, 401 bad or stale signature, 409 while another delivery of the same
 * notification is being handled, 503 when Mercado Pago or Firestore cannot be reached (it
 * retries), 200 otherwise, including for notifications the shop does not act on.
 */
export async function handleWebhook(
  request: Request,
  applyPayment: ApplyPayment,
  /** Filled with what the log line of this delivery should say (see webhookResponse). */
  logFields: LogFields = {},
  topics: TopicHandlers = {},
): Promise<WebhookResponse> {
  const config = getMercadoPagoConfig();
  if (!config) return { status: 404, body: { ok: false, error: 'not-found' } };
  // Per source, before any signature work.
  const limit = await rateLimiter('webhookPerIp').take(clientAddress(request));
  if (!limit.allowed) {
    return {
      status: 429,
      body: { ok: false, error: 'rate-limited' },
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    };
  }

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
    countSignatureFailure(check);
    return { status: 401, body: { ok: false, error: 'invalid-signature' } };
  }

  // The request id is signed: a replay of a notification already handled (or being handled)
  // gets the same answer without asking Mercado Pago again. This process's memory answers first;
  // the shared record (./repository.ts) answers for the other instances.
  const requestId = request.headers.get('x-request-id');
  const authentic: Authentic = { request, url, dataId, applyPayment, logFields, topics };
  if (!requestId) return handleAuthentic(authentic);
  const known = state.handled.get(requestId);
  if (known) {
    const earlier = await known;
    return { ...earlier, body: { ...earlier.body, result: 'duplicate' } };
  }
  const handling = handleOnce(requestId, authentic);
  state.handled.set(requestId, handling);
  if (state.handled.size > MAX_REMEMBERED_REQUESTS) {
    state.handled.delete(state.handled.keys().next().value as string);
  }
  try {
    const response = await handling;
    // Only a handled notification is remembered: a failure must be retried for real.
    if (response.status !== 200) state.handled.delete(requestId);
    return response;
  } catch (error) {
    state.handled.delete(requestId);
    throw error;
  }
}

/**
 * Handles a notification unless another delivery of it (on any instance) did or is doing so.
 * Handled elsewhere: 200 'duplicate'. Still being handled elsewhere: 409 'in-progress', which
 * Mercado Pago delivers again later (answering 200 would lose the notification if that other
 * handling then failed). A failed handling gives its claim back so the next delivery handles it
 * for real; a claim whose instance stopped mid-way is taken over after STALE_CLAIM_MS.
 */
async function handleOnce(requestId: string, authentic: Authentic): Promise<WebhookResponse> {
  const claim = await claimNotification(requestId);
  if (claim.state === 'handled') return { status: 200, body: { ok: true, result: 'duplicate' } };
  if (claim.state === 'handling') {
    return {
      status: 409,
      body: { ok: false, error: 'in-progress' },
      headers: { 'Retry-After': String(IN_PROGRESS_RETRY_SECONDS) },
    };
  }
  let response: WebhookResponse;
  try {
    response = await handleAuthentic(authentic);
  } catch (error) {
    await releaseNotification(requestId).catch(() => undefined);
    throw error;
  }
  // Recording the outcome may fail (Firestore down): the payment is applied either way, and the
  // claim turns stale and is taken over by a later delivery (the order side is idempotent).
  if (response.status === 200) {
    await completeNotification(requestId, response.body.result ?? null).catch((error: unknown) =>
      Object.assign(authentic.logFields, { recordFailed: describeError(error).errorName }),
    );
  } else {
    await releaseNotification(requestId).catch(() => undefined);
  }
  return response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A notification whose signature is valid, and what handling it needs. */
type Authentic = {
  request: Request;
  url: URL;
  dataId: string;
  applyPayment: ApplyPayment;
  logFields: LogFields;
  topics: TopicHandlers;
};

/** The part after a valid signature: read the body, fetch the payment, apply it. */
async function handleAuthentic({
  request,
  url,
  dataId,
  applyPayment,
  logFields,
  topics,
}: Authentic): Promise<WebhookResponse> {
  // Authentic from here on; the body still only says what kind of event this is.
  const bytes = await readCappedBody(request, MAX_BODY_BYTES).catch(() => null);
  if (bytes === null) return { status: 400, body: { ok: false, error: 'malformed' } };
  let body: Record<string, unknown> = {};
  // An empty body is allowed: the query string says what happened.
  if (Buffer.from(bytes).toString('utf8').trim()) {
    const parsed = parseJsonBytes(bytes);
    if (!parsed.ok || !isRecord(parsed.value)) {
      return { status: 400, body: { ok: false, error: 'malformed' } };
    }
    body = parsed.value;
  }
  const type = body.type ?? url.searchParams.get('type') ?? url.searchParams.get('topic');
  const topic = typeof type === 'string' && Object.hasOwn(topics, type) ? topics[type] : undefined;
  if (type !== 'payment' && !topic) return { status: 200, body: { ok: true, result: 'ignored' } };
  const bodyId = (body.data as { id?: unknown } | undefined)?.id;
  if (bodyId !== undefined && String(bodyId) !== dataId) {
    return { status: 400, body: { ok: false, error: 'malformed' } };
  }
  if (topic) {
    logFields.topic = String(type);
    try {
      return { status: 200, body: { ok: true, result: await topic(dataId) } };
    } catch (error) {
      if (!(error instanceof MercadoPagoError)) throw error;
      Object.assign(logFields, describeError(error));
      return { status: 503, body: { ok: false, error: 'upstream-unavailable' } };
    }
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
  topics: TopicHandlers = {},
): Promise<Response> {
  // One webhook.handled line per delivery: its outcome, and the payment id once authentic.
  const log = startRequestLog(request.headers);
  const logFields: LogFields = {};
  let result: WebhookResponse;
  try {
    result = await handleWebhook(request, applyPayment, logFields, topics);
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
  // Refused signatures and throttled sources are counted and logged in summaries
  // (countSignatureFailure, the rate limiter): one line each would let a flood fill the logs.
  if (result.status !== 401 && result.status !== 429) {
    log.event('webhook.handled', { status: result.status, outcome, ...logFields }, level);
  }
  return Response.json(result.body, {
    status: result.status,
    headers: { 'Cache-Control': 'no-store', ...result.headers },
  });
}
