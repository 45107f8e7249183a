import 'server-only';

import { z } from 'zod';

import { centavosFromReais, reaisAmount } from '@/lib/catalogue/format';
import { getEnv, type MercadoPagoConfig } from '@/lib/env';
import { requestJson } from '@/lib/http/json-request';
import type { AppLocale } from '@/lib/i18n/locales';
import { SHOP } from '@/lib/shop';
import { SITE_URL } from '@/lib/site';

import { isPixCode } from './pix-code';
import type { MercadoPagoPayment } from './types';

// The Mercado Pago REST API over plain JSON requests (lib/http/json-request.ts): the calls the
// shop makes. No SDK on the server, so tests can point apiBaseUrl at a local fake
// (test/fake-mercadopago.ts).

const REQUEST_TIMEOUT_MS = 10_000;

/** A Mercado Pago resource id put in a request path: anything else is refused before the call. */
export const MERCADOPAGO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
// Mercado Pago cuts the card statement text at 22 characters.
const STATEMENT_DESCRIPTOR = SHOP.name.slice(0, 22);

/** A call to Mercado Pago failed (network, timeout, non-2xx, unexpected body). Never holds secrets. */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}

/** One line of a preference; `unitPrice` in centavos (sent to Mercado Pago in reais). */
export type PreferenceItem = { key: string; title: string; quantity: number; unitPrice: number };

export type PreferenceRequest = {
  orderId: string;
  locale: AppLocale;
  items: PreferenceItem[];
  payerEmail?: string;
  /** Sent as X-Idempotency-Key: a retried request returns the same preference. */
  idempotencyKey: string;
  /** When the order stops holding its stock (lib/orders/expiry.ts): no payment after that. */
  expiresAt?: Date;
};

/** Mercado Pago's date format: ISO 8601 with milliseconds and an explicit offset. */
function mercadoPagoDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export type Preference = { preferenceId: string; initPoint: string };

const preferenceResponseSchema = z.object({
  id: z.string().min(1),
  init_point: z.url({ protocol: /^https?$/ }),
  sandbox_init_point: z.url({ protocol: /^https?$/ }).optional(),
});

const paymentResponseSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  status: z.string(),
  external_reference: z.string().nullable().optional(),
  transaction_amount: z.number(),
  currency_id: z.string(),
});

const pixResponseSchema = paymentResponseSchema.extend({
  date_of_expiration: z.string().nullable().optional(),
  point_of_interaction: z.object({
    transaction_data: z.object({
      qr_code: z.string().min(1).max(1000),
      // A PNG of a few KB, base64 without the data: prefix.
      qr_code_base64: z
        .string()
        .min(1)
        .max(64 * 1024)
        .regex(/^[A-Za-z0-9+/=\s]+$/),
    }),
  }),
});

const cardResponseSchema = paymentResponseSchema.extend({
  status_detail: z.string().nullable().optional(),
});

/** Mercado Pago's configuration, or null when payments are not configured. */
export function getMercadoPagoConfig(): MercadoPagoConfig | null {
  return getEnv().mercadoPago;
}

/** The public key for the browser bricks, or null when Mercado Pago is not configured. */
export function getMercadoPagoPublicKey(): string | null {
  return getMercadoPagoConfig()?.publicKey ?? null;
}

/** The page Mercado Pago sends the shopper back to, and where the order is shown. */
export function checkoutReturnUrl(locale: AppLocale, orderId: string): string {
  return `${SITE_URL}/${locale}/checkout/${encodeURIComponent(orderId)}`;
}

/** One call to Mercado Pago's REST API (also the club's subscriptions, lib/club/mercadopago.ts). */
export async function call(
  config: MercadoPagoConfig,
  path: string,
  init: { method: 'GET' | 'POST' | 'PUT'; body?: unknown; idempotencyKey?: string },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.accessToken}`,
    Accept: 'application/json',
  };
  if (init.idempotencyKey) headers['X-Idempotency-Key'] = init.idempotencyKey;
  try {
    return await requestJson(`${config.apiBaseUrl}${path}`, {
      method: init.method,
      headers,
      body: init.body,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  } catch (error) {
    // The message names the path only: the URL and headers carry nothing secret, but the token
    // must never end up in a log line built from a request object.
    throw new MercadoPagoError(`${init.method} ${path} failed: ${(error as Error).name}`);
  }
}

/**
 * Creates a Checkout Pro preference for an order (items priced by the caller from the catalogue).
 * Throws MercadoPagoError when Mercado Pago is not configured or the call fails.
 */
export async function createPreference(request: PreferenceRequest): Promise<Preference> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  const returnUrl = checkoutReturnUrl(request.locale, request.orderId);
  const { status, body } = await call(config, '/checkout/preferences', {
    method: 'POST',
    idempotencyKey: request.idempotencyKey,
    body: {
      items: request.items.map((item) => ({
        id: item.key,
        title: item.title,
        quantity: item.quantity,
        unit_price: reaisAmount(item.unitPrice),
        currency_id: 'BRL',
      })),
      ...(request.payerEmail ? { payer: { email: request.payerEmail } } : {}),
      external_reference: request.orderId,
      back_urls: { success: returnUrl, failure: returnUrl, pending: returnUrl },
      auto_return: 'approved',
      notification_url: `${SITE_URL}/api/mercadopago/webhook`,
      statement_descriptor: STATEMENT_DESCRIPTOR,
      // The checkout closes and a pending Pix or boleto lapses when the order expires.
      ...(request.expiresAt
        ? {
            expires: true,
            expiration_date_to: mercadoPagoDate(request.expiresAt),
            date_of_expiration: mercadoPagoDate(request.expiresAt),
          }
        : {}),
    },
  });
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`POST /checkout/preferences answered ${status}`, status);
  }
  const parsed = preferenceResponseSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected preference response', status);
  // Test credentials pay in the sandbox; its checkout lives at sandbox_init_point.
  const sandbox = config.accessToken.startsWith('TEST-') && parsed.data.sandbox_init_point;
  return {
    preferenceId: parsed.data.id,
    initPoint: sandbox || parsed.data.init_point,
  };
}

/**
 * The payment `id` as Mercado Pago reports it now, or null when it does not exist (404).
 * Throws MercadoPagoError when Mercado Pago is not configured or the call fails.
 */
export async function getPayment(id: string): Promise<MercadoPagoPayment | null> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  if (!MERCADOPAGO_ID_PATTERN.test(id)) return null;
  const { status, body } = await call(config, `/v1/payments/${id}`, { method: 'GET' });
  if (status === 404) return null;
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`GET /v1/payments/{id} answered ${status}`, status);
  }
  const parsed = paymentResponseSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected payment response', status);
  return {
    id: String(parsed.data.id),
    status: parsed.data.status,
    externalReference: parsed.data.external_reference ?? null,
    transactionAmount: centavosFromReais(parsed.data.transaction_amount),
    currencyId: parsed.data.currency_id,
  };
}

/** What an order's payment through the payments API (POST /v1/payments) sends in common. */
type PaymentCommon = {
  orderId: string;
  /** The amount charged, in centavos (lib/orders/online-payment.ts). */
  amount: number;
  payerEmail: string;
  /** Sent as X-Idempotency-Key: a retried request returns the same payment. */
  idempotencyKey: string;
};

export type PixPaymentRequest = PaymentCommon & {
  /** The order's own expiry (lib/orders/expiry.ts): the code lapses when the order does. */
  expiresAt: Date;
};

/** A Pix payment: what the order page shows to pay it. */
export type PixPayment = {
  paymentId: string;
  status: string;
  /** The copy-and-paste code (BR Code). */
  qrCode: string;
  /** A PNG of its QR code, base64. */
  qrCodeBase64: string;
};

function paymentBody(request: PaymentCommon) {
  return {
    transaction_amount: reaisAmount(request.amount),
    description: `${SHOP.name}: pedido ${request.orderId}`,
    external_reference: request.orderId,
    notification_url: `${SITE_URL}/api/mercadopago/webhook`,
    statement_descriptor: STATEMENT_DESCRIPTOR,
  };
}

/**
 * Creates a Pix payment for an order (POST /v1/payments, payment_method_id 'pix'), expiring with
 * the order. Throws MercadoPagoError when Mercado Pago is not configured, the call fails, or the
 * answer lacks a well-formed code (lib/payments/pix-code.ts).
 */
export async function createPixPayment(request: PixPaymentRequest): Promise<PixPayment> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  const { status, body } = await call(config, '/v1/payments', {
    method: 'POST',
    idempotencyKey: request.idempotencyKey,
    body: {
      ...paymentBody(request),
      payment_method_id: 'pix',
      payer: { email: request.payerEmail },
      date_of_expiration: mercadoPagoDate(request.expiresAt),
    },
  });
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`POST /v1/payments (pix) answered ${status}`, status);
  }
  const parsed = pixResponseSchema.safeParse(body);
  if (!parsed.success || !isPixCode(parsed.data.point_of_interaction.transaction_data.qr_code)) {
    throw new MercadoPagoError('Unexpected Pix payment response', status);
  }
  const data = parsed.data.point_of_interaction.transaction_data;
  return {
    paymentId: String(parsed.data.id),
    status: parsed.data.status,
    qrCode: data.qr_code,
    qrCodeBase64: data.qr_code_base64.replace(/\s/g, ''),
  };
}

export type CardPaymentRequest = PaymentCommon & {
  /** The card token MercadoPago.js made in the browser (the card number never reaches us). */
  token: string;
  paymentMethodId: string;
  installments: number;
  issuerId?: string;
  identification?: { type: string; number: string };
};

/** A card payment as Mercado Pago answered its creation. */
export type CardPayment = MercadoPagoPayment & { statusDetail: string | null };

/**
 * Cancels the payment `id` while it waits (PUT /v1/payments/{id}): a Pix no longer to be paid.
 * Answers false when there is nothing to cancel (paid, expired or cancelled already: Mercado Pago
 * answers 400, or 404); throws MercadoPagoError when it cannot be asked.
 */
export async function cancelPayment(id: string): Promise<boolean> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  if (!MERCADOPAGO_ID_PATTERN.test(id)) return false;
  const { status } = await call(config, `/v1/payments/${id}`, {
    method: 'PUT',
    body: { status: 'cancelled' },
  });
  if (status === 400 || status === 404) return false;
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`PUT /v1/payments/{id} answered ${status}`, status);
  }
  return true;
}

/**
 * Creates a card payment for an order with the Payment Brick's token (POST /v1/payments).
 * A refused card is a payment with status 'rejected', not an error. Throws MercadoPagoError when
 * Mercado Pago is not configured or the call fails; `status` 400 when it refused the request
 * (a bad or used token).
 */
export async function createCardPayment(request: CardPaymentRequest): Promise<CardPayment> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  const { status, body } = await call(config, '/v1/payments', {
    method: 'POST',
    idempotencyKey: request.idempotencyKey,
    body: {
      ...paymentBody(request),
      token: request.token,
      payment_method_id: request.paymentMethodId,
      installments: request.installments,
      ...(request.issuerId ? { issuer_id: request.issuerId } : {}),
      payer: {
        email: request.payerEmail,
        ...(request.identification ? { identification: request.identification } : {}),
      },
    },
  });
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`POST /v1/payments (card) answered ${status}`, status);
  }
  const parsed = cardResponseSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected card payment response', status);
  return {
    id: String(parsed.data.id),
    status: parsed.data.status,
    statusDetail: parsed.data.status_detail ?? null,
    externalReference: parsed.data.external_reference ?? null,
    transactionAmount: centavosFromReais(parsed.data.transaction_amount),
    currencyId: parsed.data.currency_id,
  };
}

const refundResponseSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  amount: z.number().optional(),
  status: z.string().optional(),
});

/**
 * Refunds the whole of the payment `id` (POST /v1/payments/{id}/refunds): a payment that reached
 * an order already cancelled. The idempotency key makes a repeated call the same refund. Answers
 * the refund's id, or null when Mercado Pago refuses because there is nothing to refund (400: not
 * approved, or refunded already; 404); throws MercadoPagoError when it cannot be asked.
 */
export async function refundPayment(id: string, idempotencyKey: string): Promise<string | null> {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  if (!MERCADOPAGO_ID_PATTERN.test(id)) return null;
  const { status, body } = await call(config, `/v1/payments/${id}/refunds`, {
    method: 'POST',
    idempotencyKey,
    body: {},
  });
  if (status === 400 || status === 404) return null;
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`POST /v1/payments/{id}/refunds answered ${status}`, status);
  }
  const parsed = refundResponseSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected refund response', status);
  return String(parsed.data.id);
}
